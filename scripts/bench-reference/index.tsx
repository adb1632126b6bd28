// The yardstick for the /login figures in `npm run bench`: a login page in one bundle with React and
// React DOM only, the same logo at the same place in the chain (found when the page renders), no
// federation, no config fetch. Built by scripts/bench-lighthouse.mjs into a temporary folder.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const prefix = new URLSearchParams(window.location.search).get('prefix') ?? 'pre8';
const logo = `/logos/${encodeURIComponent(prefix)}.svg`;

const page = { fontFamily: 'system-ui, sans-serif', maxWidth: 420, margin: '0 auto', padding: '24px 16px', color: '#111' } as const;
const field = { display: 'grid', gap: 6, marginBottom: 14 } as const;
const input = { font: 'inherit', padding: '12px 14px', border: '1px solid #8a8a8a', borderRadius: 8 } as const;
const button = {
  font: 'inherit',
  fontWeight: 700,
  width: '100%',
  padding: '14px',
  border: 0,
  borderRadius: 8,
  background: '#1f4fd1',
  color: '#fff',
} as const;

function LoginPage() {
  return (
    <main style={page}>
      <div style={{ display: 'grid', justifyItems: 'center', gap: 8, marginBottom: 24 }}>
        <img src={logo} alt={prefix.toUpperCase()} width={96} height={96} decoding="async" />
        <h1 style={{ fontSize: '1.375rem', margin: 0 }}>เข้าสู่ระบบ</h1>
      </div>
      <form onSubmit={(event) => event.preventDefault()}>
        <label style={field}>
          เบอร์โทรศัพท์
          <input style={input} type="tel" inputMode="numeric" autoComplete="tel" name="phone" />
        </label>
        <label style={field}>
          รหัสผ่าน
          <input style={input} type="password" autoComplete="current-password" name="password" />
        </label>
        <button style={button} type="submit">
          เข้าสู่ระบบ
        </button>
      </form>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LoginPage />
  </StrictMode>,
);
