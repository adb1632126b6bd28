import type { SimLedgerEntry, SimRequestRecord, SimSocketsReply } from '@member/member-api-sim/control-types';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

export const SIM_URL = `http://localhost:${process.env.SIM_PORT ?? 3100}`;

export interface TestMember {
  cid: number;
  phone: string;
  password: string;
  lineUserId: string | null;
  games: Array<{ game_user: string; game_password: string; service: 'GCLUB' | 'UFA'; main: boolean }>;
}

/** A member of its own for one test, so parallel tests never change each other's member. */
export async function createMember(
  request: APIRequestContext,
  prefix: string,
  options: { line?: boolean; gclubOnly?: boolean } = {},
): Promise<TestMember> {
  const response = await request.post(`${SIM_URL}/__sim/members`, { data: { prefix, ...options } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as TestMember;
}

export async function simPost(request: APIRequestContext, path: string, data: unknown): Promise<unknown> {
  const response = await request.post(`${SIM_URL}${path}`, { data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

export async function recordedRequests(request: APIRequestContext, route: string): Promise<SimRequestRecord[]> {
  const response = await request.get(`${SIM_URL}/__sim/requests?route=${encodeURIComponent(route)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { requests: SimRequestRecord[] };
  return body.requests;
}

/** Whether some open socket is subscribed to the member's private channel, as the simulator sees it. */
export async function channelSubscribed(request: APIRequestContext, memberId: number): Promise<boolean> {
  const response = await request.get(`${SIM_URL}/__sim/sockets`);
  expect(response.ok()).toBe(true);
  const { sockets } = (await response.json()) as SimSocketsReply;
  return sockets.some((s) => s.channels.includes(`private-member.${memberId}`));
}

/**
 * Settles the game user's pending withdrawal now, as the operator would after processing it (the simulator
 * would do the same by itself after its pending time). Call once the withdrawal has been answered.
 */
export async function settleWithdrawal(request: APIRequestContext, gameuser: string): Promise<void> {
  const response = await request.post(`${SIM_URL}/__sim/withdraw/settle`, { data: { gameuser } });
  // 404: nothing pending any more, because the simulator's own timer got there first.
  expect([200, 404], await response.text()).toContain(response.status());
}

/** The member's entries in the simulator's ledger (`GET /__sim/ledger`): deposits and withdrawals, with their keys. */
export async function ledgerOf(request: APIRequestContext, prefix: string, phone: string): Promise<SimLedgerEntry[]> {
  const response = await request.get(`${SIM_URL}/__sim/ledger?prefix=${prefix}&phone=${phone}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { entries: SimLedgerEntry[] }).entries;
}
