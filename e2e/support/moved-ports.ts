/** The demo's port variables, each moved by one offset. */
export type MovedPorts = {
  HOST_PORT: number;
  REMOTE_DEFAULT_PORT: number;
  REMOTE_PRE8_PORT: number;
  REMOTE_OSAKA39_PORT: number;
  SIM_PORT: number;
  SIM_AUTH_PORT: number;
};

/**
 * The ports of a spec's own servers: the demo's (HOST_PORT, the remotes', SIM_PORT, SIM_AUTH_PORT, or their defaults)
 * moved by `offset`, so they run beside the site projects' demo. Each spec that starts servers has its own offset.
 */
export function movedPorts(offset: number): MovedPorts {
  const host = Number(process.env.HOST_PORT ?? 3000) + offset;
  const sim = Number(process.env.SIM_PORT ?? 3100) + offset;
  return {
    HOST_PORT: host,
    REMOTE_DEFAULT_PORT: host + 1,
    REMOTE_PRE8_PORT: host + 2,
    REMOTE_OSAKA39_PORT: host + 3,
    SIM_PORT: sim,
    SIM_AUTH_PORT: sim + 1,
  };
}

/** The ports as environment variables for a child process. */
export function portEnv(ports: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)]));
}
