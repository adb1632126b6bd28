import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { trustedIntegrity } from '../remote-integrity';
import { REMOTE_RESOURCE_TIMEOUT_MS } from '../remote-timeout';
import { SignatureRefused } from '../remote-signature';

/**
 * Every script the federation runtime makes (a remote's remoteEntry) carries the SHA-384 its signed list gives, in CORS
 * mode (the browser checks integrity only on a response it may read), so a changed file never runs. The remote's own
 * chunk loader does the same for its chunks and stylesheets, with hashes built into the remoteEntry so checked.
 * The runtime takes the last plugin's answer for a script, so this one also bounds how long the script may take.
 */
export default function signedScriptsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'member-signed-scripts',
    createScript({ url }) {
      const integrity = trustedIntegrity(url);
      // Thrown inside the runtime's load, this fails the remote's load like a dead remote: its theme falls back.
      if (!integrity) throw new SignatureRefused(`${url} is in no checked signed list; it is not loaded`);
      const script = document.createElement('script');
      script.src = url;
      script.integrity = integrity;
      script.crossOrigin = 'anonymous';
      script.setAttribute('fetchpriority', 'high');
      return { script, timeout: REMOTE_RESOURCE_TIMEOUT_MS };
    },
  };
}
