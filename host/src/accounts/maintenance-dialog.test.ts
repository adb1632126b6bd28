// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fire = vi.hoisted(() => vi.fn(async () => ({})));
vi.mock('../lib/sweetalert', () => ({ default: { fire } }));

const { maintenanceOver, showMaintenanceDialog, tellMaintenanceOnce } = await import('./maintenance-dialog');

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

  it('once the provider is open again, its next maintenance is told again', async () => {
    await tellMaintenanceOnce('GCLUB', 'pre8');
    maintenanceOver('GCLUB', 'pre8');
    await tellMaintenanceOnce('GCLUB', 'pre8');
    expect(fire).toHaveBeenCalledTimes(2);
  });
});
