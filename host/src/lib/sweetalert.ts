// sweetalert2's default build injects its stylesheet as an inline <style> element, which the page's
// Content-Security-Policy refuses (style-src has no 'unsafe-inline'). The host builds against its
// CSS-free build instead (an alias in rsbuild.config.ts) and ships the same stylesheet as a file of
// the "dialogs" chunk, loaded with it on first use.
import Swal from 'sweetalert2';
import 'sweetalert2/dist/sweetalert2.min.css';

export default Swal;
