/** Marks a #root whose markup the server rendered: the browser hydrates it instead of rendering afresh. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
