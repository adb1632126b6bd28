import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { PREVIEW_LOOKS_PATH, type PreviewLooks, type PreviewSite } from '@member/shared-core/preview-looks';
import { validateSitesFile } from '@member/shared-core/schema/config';
import { readThemeTokens } from './read-theme-tokens';

export { PREVIEW_LOOKS_PATH };

/**
 * The sites that show `theme`, as their own theme or for one of their pages, read through the schema the host reads
 * the file with: an entry the host would refuse is left out, as is every site when the file is not a sites file.
 */
function sitesShowing(theme: string, text: string): PreviewSite[] {
  const checked = validateSitesFile(JSON.parse(text));
  if (!checked.ok) return [];
  return checked.value.sites.flatMap((site) => {
    const main = site.theme === theme;
    const shown = main || Object.values(site.pages).some((page) => page.theme === theme);
    return shown ? [{ key: site.key, name: site.brand.name, flavour: site.flavour, main }] : [];
  });
}

/**
 * What the preview gallery of the remote in `dirname`, the theme `theme`, can show: the flavours its tokens.ts has
 * now and the sites of the workspace's sites.json (beside the remote's folder) that show the theme. Read afresh on every call, so an
 * edit shows on the gallery's next load. A sites.json that is missing or not JSON gives no sites; a tokens.ts
 * that cannot be read rejects (the build names the problem in the page already).
 */
export async function previewLooks(
  dirname: string,
  theme: string,
  sitesFile = path.join(path.dirname(dirname), 'sites.json'),
): Promise<PreviewLooks> {
  const { tokens } = await readThemeTokens(path.join(dirname, 'src', 'tokens.ts'));
  let sites: PreviewSite[] = [];
  try {
    sites = sitesShowing(theme, await readFile(sitesFile, 'utf8'));
  } catch {
    // No sites.json beside the theme (a theme worked on alone): the gallery offers the theme's flavours only.
  }
  return { theme, flavours: Object.keys(tokens.flavours ?? {}), sites };
}

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;
type ServerSetupContext = { action: 'dev' | 'preview'; server?: { middlewares: { use(route: string, handler: Middleware): unknown } } };

/**
 * `server.setup` of a remote: its dev server answers `PREVIEW_LOOKS_PATH` with `previewLooks`, for the gallery's
 * flavour picker. Only the dev server, which serves the gallery; a failure answers 500 with its message.
 */
export function previewLooksSetup(dirname: string, theme: string) {
  return ({ action, server }: ServerSetupContext): void => {
    if (action !== 'dev' || !server) return;
    server.middlewares.use(PREVIEW_LOOKS_PATH, (_request, response) => {
      const send = (status: number, body: unknown) => {
        response.statusCode = status;
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.setHeader('Cache-Control', 'no-store');
        response.end(JSON.stringify(body));
      };
      previewLooks(dirname, theme).then(
        (looks) => send(200, looks),
        (error: unknown) => send(500, { error: error instanceof Error ? error.message : String(error) }),
      );
    });
  };
}
