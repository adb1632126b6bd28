/**
 * Lets effects outside React (the verify loop, a 401, a broadcast from another tab) navigate.
 * The router registers its navigate function once it is mounted.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

// Not in the store: a port the router wires once it mounts, called by effects outside React.
let current: Navigate = (to) => window.location.assign(to);

export function registerNavigate(navigate: Navigate): () => void {
  current = navigate;
  return () => {
    current = (to) => window.location.assign(to);
  };
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}
