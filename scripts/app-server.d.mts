/** The built app behind `wrangler dev` in its own process group (scripts/app-server.mjs). */
export function startAppServer(options: {
  port: number;
  state: string;
  appEnv: string;
  scale?: number;
  keepState?: boolean;
  timeoutMs?: number;
}): Promise<void>;
export function stopServer(): boolean;
export function stopServerAndWait(): Promise<void>;
export function killServer(): Promise<void>;
export function lastServerOutput(): string;
