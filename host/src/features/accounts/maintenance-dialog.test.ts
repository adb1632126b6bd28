// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fire = vi.hoisted(() => vi.fn(async () => ({})));
vi.mock('../../core/lib/sweetalert', () => ({ default: { fire } }));

const { maintenanceOver, showMaintenanceDialog, tellMaintenanceOnce } = await import('./maintenance-dialog');
const { default: i18next } = await import('i18next');
const { en } = await import('@member/shared-core/i18n/en');
await i18next.init({ lng: 'en', resources: { en: { translation: en } } });

beforeEach(() => {
  fire.mockClear();
  sessionStorage.clear();
});

describe('the maintenance dialog', () => {
  it('found by a page, it is told once per visit per provider; a tap says it every time', async () => {
    await tellMaintenanceOnce('GCLUB', 'pre8');
    await tellMaintenanceOnce('GCLUB', 'pre8');
    expect(fire).toHaveBeenCalledTimes(1);
    await tellMaintenanceOnce('UFA', 'pre8');
    expect(fire).toHaveBeenCalledTimes(2);
    // Another site of the same tab is another visit.
    await tellMaintenanceOnce('GCLUB', 'os39');
    expect(fire).toHaveBeenCalledTimes(3);
    fire.mockClear();
    await showMaintenanceDialog('GCLUB');
    await showMaintenanceDialog('GCLUB');
    expect(fire).toHaveBeenCalledTimes(2);
  });

  it('names the provider, and says when it is planned to be back where it said', async () => {
    await showMaintenanceDialog('GCLUB', new Date(Date.now() + 60_000).toISOString());
    expect((fire.mock.calls[0] as unknown as [{ text: string }])[0].text).toMatch(/^Gclub Maintain · GCLUB is back at .*\d\d:\d\d$/);
    await showMaintenanceDialog('UFA');
    expect((fire.mock.calls[1] as unknown as [{ text: string }])[0].text).toBe('Ufa Maintain · UFA is closed for maintenance');
  });

  it('once the provider is open again, its next maintenance is told again', async () => {
    await tellMaintenanceOnce('GCLUB', 'pre8');
    maintenanceOver('GCLUB', 'pre8');
    await tellMaintenanceOnce('GCLUB', 'pre8');
    expect(fire).toHaveBeenCalledTimes(2);
  });
});
