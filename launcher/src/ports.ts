import type { LauncherConfig } from './config';

/** The variables that choose the launcher's ports. */
export type PortVariable = Extract<keyof LauncherConfig, `${string}PORT`>;

/**
 * Starts one of the launcher's servers on the port `variable` chooses. Whoever runs `npm start`
 * picked none of these ports, so a taken one ends the start naming the variable that moves it.
 */
export async function onConfiguredPort<T>(config: LauncherConfig, variable: PortVariable, start: (port: number) => Promise<T>): Promise<T> {
  const port = config[variable];
  try {
    return await start(port);
  } catch (error) {
    if (!addressInUse(error)) throw error;
    throw new Error(`Port ${port} is already in use. Stop the process using it, or set ${variable} to another port.`, { cause: error });
  }
}

/** Anywhere in the cause chain: the kit wraps the system error in one that names the port. */
function addressInUse(error: unknown): boolean {
  // Not `instanceof Error`: a system error may come from another realm (jest's, a worker's).
  for (let link = error; typeof link === 'object' && link !== null; link = (link as { cause?: unknown }).cause) {
    if ((link as { code?: unknown }).code === 'EADDRINUSE') return true;
  }
  return false;
}
