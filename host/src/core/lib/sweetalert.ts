// sweetalert2's default build injects its stylesheet as an inline <style> element, which the page's
// Content-Security-Policy refuses (style-src has no 'unsafe-inline'). The host builds against its
// CSS-free build instead (an alias in rsbuild.config.ts) and ships the same stylesheet as a file of
// the "dialogs" chunk, loaded with it on first use.
import Swal, { type SweetAlertOptions, type SweetAlertResult } from 'sweetalert2';
import 'sweetalert2/dist/sweetalert2.min.css';
import './themed-dialog.css';

/** Every dialog and toast wears the page's theme: themed-dialog.css reads the tokens the theme's root lends the page. */
const ThemedSwal = Swal.mixin({ customClass: { container: 'mc-dialog' } });

/** Read at each dialog: a member may change the setting while the page is open. */
const lessMotion = (): boolean => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A member who asked for less motion gets dialogs that appear and go at once, without sweetalert2's zoom; a closed one
 * is then gone on the tap, not when its closing animation ends.
 */
function fire(options: SweetAlertOptions): Promise<SweetAlertResult> {
  return ThemedSwal.fire(lessMotion() ? { ...options, animation: false } : options);
}

export default { fire };
