import type { Reply } from '../http/reply';
import { redirect } from '../http/reply';
import type { Route, RouteContext } from '../http/route';
import { lineRedirectAllowed, type Sim } from '../sim';
import { newLineGuest, statePrefix } from '../state/line';
import type { SimSite } from '../state/sites';
import { escapeHtml, page } from './html';

/** The radio value of "a LINE user who has no member yet". */
export const NEW_LINE_USER = 'new';
export const CANCEL_DESCRIPTION = 'The user has not granted the requested permissions.';

const STYLE = `
.brand{display:flex;align-items:center;gap:10px;margin-bottom:16px}
.brand b{background:#06c755;color:#fff;border-radius:10px;padding:6px 10px;font-size:1.1rem;letter-spacing:.5px}
fieldset{border:1px solid #d5dbe1;border-radius:12px;padding:8px 12px;margin:16px 0}
legend{padding:0 4px;font-weight:600}
label{display:flex;gap:10px;align-items:flex-start;padding:10px 4px;cursor:pointer}
label+label{border-top:1px solid #eef1f4}
input[type=radio]{margin-top:4px;width:18px;height:18px;accent-color:#06c755}
.actions{display:flex;flex-direction:row-reverse;gap:12px}
button{flex:1;min-height:48px;border-radius:10px;font-size:1rem;font-weight:600;border:1px solid #c9d1d9;background:#fff;color:#1e2328;cursor:pointer}
button.allow{background:#06c755;border-color:#06c755;color:#fff}
button:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
`;

interface Choice {
  value: string;
  label: string;
  detail: string;
}

/** The LINE users offered for a site: every member bound to LINE there, and a new LINE user. */
function choicesFor(sim: Sim, site: SimSite): Choice[] {
  const bound = sim.members.lineMembers(site.key).map((member) => ({
    value: member.lineUserId ?? '',
    label: member.lineName ?? member.lineUserId ?? '',
    detail: `สมาชิก ${site.brand.name} · member ${member.phone.slice(0, 3)}-xxx-${member.phone.slice(-4)}`,
  }));
  return [...bound, { value: NEW_LINE_USER, label: 'ผู้ใช้ LINE ใหม่ · New LINE user', detail: 'ยังไม่เป็นสมาชิก · no member yet' }];
}

type Checked = { ok: true; state: string; redirectUri: string; site: SimSite } | { ok: false; reply: Reply };

function problemPage(sim: Sim, message: string): Reply {
  return page(
    `<main><div class="card" role="alert"><h1>คำขอไม่ถูกต้อง <span class="en" lang="en">Invalid request</span></h1><p>${escapeHtml(message)}</p></div></main>`,
    { title: 'LINE Login', status: 400, formTargets: sim.allowedOrigins },
  );
}

function checkRequest(sim: Sim, state: unknown, redirectUri: unknown): Checked {
  if (typeof redirectUri !== 'string' || !lineRedirectAllowed(sim, redirectUri)) {
    return { ok: false, reply: problemPage(sim, 'redirect_uri is not a registered callback of this channel.') };
  }
  const prefix = typeof state === 'string' ? statePrefix(state) : null;
  const site = sim.sites.get(prefix);
  if (typeof state !== 'string' || !site)
    return { ok: false, reply: problemPage(sim, 'state must be {prefix}.{32 letters or digits} of a known site.') };
  return { ok: true, state, redirectUri, site };
}

function consentPage(sim: Sim, state: string, redirectUri: string, site: SimSite): Reply {
  const choices = choicesFor(sim, site)
    .map(
      (choice, i) => `<label><input type="radio" name="user" value="${escapeHtml(choice.value)}"${i === 0 ? ' checked' : ''}>
<span>${escapeHtml(choice.label)}<span class="en">${escapeHtml(choice.detail)}</span></span></label>`,
    )
    .join('\n');
  const body = `<main>
<div class="card">
<div class="brand"><b aria-hidden="true">LINE</b><span>LINE Login</span></div>
<h1>${escapeHtml(site.brand.name)} ขอเข้าถึงโปรไฟล์ LINE ของคุณ<span class="en" lang="en">${escapeHtml(site.brand.name)} wants to access your LINE profile</span></h1>
<p>ชื่อที่แสดงและรูปโปรไฟล์<span class="en" lang="en">Display name and profile picture</span></p>
<form method="post" action="/line/authorize">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
<fieldset>
<legend>เลือกบัญชี LINE · Choose a LINE account</legend>
${choices}
</fieldset>
<div class="actions">
<button type="submit" class="allow" id="allow" name="decision" value="allow" aria-label="Allow">อนุญาต · Allow</button>
<button type="submit" id="cancel" name="decision" value="cancel" aria-label="Cancel">ยกเลิก · Cancel</button>
</div>
</form>
</div>
<p class="note">หน้าจำลองของ LINE · Simulated LINE consent screen</p>
</main>`;
  return page(body, { title: 'LINE Login', style: STYLE, formTargets: sim.allowedOrigins });
}

function callback(redirectUri: string, params: Record<string, string>): Reply {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return redirect(url.toString());
}

/**
 * `GET /line/authorize?state&redirect_uri`: the consent screen. `POST /line/authorize` (its form): Allow redirects
 * to `{redirect_uri}?code&state`, Cancel to `{redirect_uri}?error=access_denied&error_description&state`.
 */
export const lineAuthorizeRoutes = (sim: Sim): Route[] => [
  {
    method: 'GET',
    path: '/line/authorize',
    name: '/line/authorize',
    kind: 'page',
    handler: ({ query }: RouteContext) => {
      const checked = checkRequest(sim, query.get('state'), query.get('redirect_uri'));
      return checked.ok ? consentPage(sim, checked.state, checked.redirectUri, checked.site) : checked.reply;
    },
  },
  {
    method: 'POST',
    path: '/line/authorize',
    name: '/line/authorize',
    kind: 'page',
    handler: ({ body }: RouteContext) => {
      const checked = checkRequest(sim, body.state, body.redirect_uri);
      if (!checked.ok) return checked.reply;
      const { state, redirectUri, site } = checked;
      if (body.decision === 'cancel') {
        return callback(redirectUri, { error: 'access_denied', error_description: CANCEL_DESCRIPTION, state });
      }
      if (body.decision !== 'allow') return problemPage(sim, 'Choose Allow or Cancel.');
      let user: { lineUserId: string; lineName: string } | null = null;
      if (body.user === NEW_LINE_USER) user = newLineGuest();
      else if (typeof body.user === 'string') {
        const member = sim.members.byLineUser(site.key, body.user);
        if (member?.lineUserId) user = { lineUserId: member.lineUserId, lineName: member.lineName ?? member.lineUserId };
      }
      if (!user) return problemPage(sim, 'Choose one of the LINE accounts offered.');
      const code = sim.lineCodes.issue({ ...user, prefix: site.key, redirectUri });
      return callback(redirectUri, { code, state });
    },
  },
];
