// A node:test reporter that writes only the totals, as JSON, for scripts/test.mjs's summary line.
export default async function* countReporter(source) {
  const counts = { passed: 0, failed: 0 };
  for await (const event of source) {
    // Suites report too; only tests (no nested tests below them) count.
    if (event.type === 'test:pass' && event.data.details?.type !== 'suite') counts.passed += 1;
    if (event.type === 'test:fail' && event.data.details?.type !== 'suite') counts.failed += 1;
  }
  yield `${JSON.stringify(counts)}\n`;
}
