export const FEATURES_ID = 'features';
export const CONTACT_ID = 'get-in-touch';
