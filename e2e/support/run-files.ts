/** What E2E_FILES holds: per project, the only files a run takes, or the files it leaves to other runs. */
type RunFiles = Record<string, { only?: string[]; skip?: string[] }>;

import { escapeRegExp as escape } from './escape-regexp';

/** A file named from e2e/ (`tests/lobby.spec.ts`), matched at the end of the absolute path Playwright gives. */
const endingIn = (file: string) => new RegExp(`(?:^|[\\\\/])${file.split('/').map(escape).join('[\\\\/]')}$`);

/**
 * Which of a project's files this run takes. `npm test` splits the suite into runs side by side (scripts/e2e-lanes.mjs)
 * and names in E2E_FILES, as JSON, the files of a project a run takes (`only`) or leaves to another run (`skip`); a
 * command-line file filter would apply to every project of the run. Unset, or silent on the project: all its files.
 */
export function filesOfProject(project: string, value = process.env.E2E_FILES): { testMatch?: RegExp[]; testIgnore?: RegExp[] } {
  if (!value) return {};
  let files: RunFiles;
  try {
    files = JSON.parse(value) as RunFiles;
  } catch {
    throw new Error(`E2E_FILES is not JSON of the form {"pre8": {"only": ["tests/lobby.spec.ts"]}}: ${value}`);
  }
  const chosen = files[project];
  if (!chosen) return {};
  return {
    ...(chosen.only ? { testMatch: chosen.only.map(endingIn) } : {}),
    ...(chosen.skip ? { testIgnore: chosen.skip.map(endingIn) } : {}),
  };
}
