// One child process of scripts/web-app-icons.mjs's createIconDrawer: draws the icons it is sent, one at a time, and
// answers each with its PNG or why the logo cannot be drawn. Its parent kills it when an icon takes too long.
import { LogoRefused, drawIcon } from './web-app-icons.mjs';

process.on('message', ({ id, bytes, variant, background }) => {
  try {
    const png = drawIcon(Buffer.from(bytes), variant, background);
    process.send({ id, png: Uint8Array.from(png) });
  } catch (error) {
    process.send({
      id,
      error:
        error instanceof LogoRefused ? error.message : `the logo could not be drawn (${String(error?.message ?? error).split('\n')[0]})`,
    });
  }
});
