import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEMBER_EVENT_FIELDS, MEMBER_EVENTS } from './member-events';

/** docs/realtime.md: what an operator's back end builds from. */
const doc = readFileSync(path.join(import.meta.dirname, '../../../docs/realtime.md'), 'utf8');

/** The `### \`Name\`` sections of the doc's "The channel and the events", by event name. */
function eventSections(text: string): Map<string, string> {
  const part = text.split(/^## /m).find((section) => section.startsWith('The channel and the events')) ?? '';
  const sections = new Map<string, string>();
  for (const section of part.split(/^### /m).slice(1)) {
    const name = /^`(\w+)`/.exec(section)?.[1];
    if (name) sections.set(name, section);
  }
  return sections;
}

/** The field names of a section's table rows (`| \`field\` | type | meaning |`). */
const tableFields = (section: string) => [...section.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]);

describe('docs/realtime.md and the contract', () => {
  const sections = eventSections(doc);

  it('documents every event the host listens to, and no other', () => {
    expect([...sections.keys()].sort()).toEqual([...MEMBER_EVENTS].sort());
  });

  it.each(MEMBER_EVENTS)("lists exactly %s's payload fields", (event) => {
    expect(tableFields(sections.get(event) ?? '').sort()).toEqual([...MEMBER_EVENT_FIELDS[event]].sort());
  });

  it('names the channel, the authorisation path and the names without namespace', () => {
    expect(doc).toContain('`private-member.{id}`');
    expect(doc).toContain('/api/member/broadcasting/auth');
    for (const event of MEMBER_EVENTS) expect(doc).toContain(`return '${event}';`);
  });
});
