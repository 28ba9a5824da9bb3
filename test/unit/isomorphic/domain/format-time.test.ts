// Times of the buyer's pages (issue 23): in China Standard Time whatever the machine's zone, labelled,
// written the same in both languages' forms on the server and in the browser.
import t from 'tap';
import { formatDateTime, formatRelativeTime, isViewerZone, marketZoneName, zoneName } from '../../../../isomorphic/domain/format';

t.test('a date and time in China Standard Time, saying so', async (t) => {
  t.equal(formatDateTime('2026-11-23T13:05:00.000Z', 'zh'), '2026-11-23 21:05（北京时间）');
  t.equal(formatDateTime('2026-11-23T13:05:00.000Z', 'en'), '23 Nov 2026, 21:05 (China time)');
  t.equal(formatDateTime('2026-12-31T16:30:00.000Z', 'zh'), '2027-01-01 00:30（北京时间）', 'past midnight UTC+8 is the next day, the next year');
  t.equal(formatDateTime('2026-07-01T00:00:00.000Z', 'en'), '1 Jul 2026, 08:00 (China time)', 'no daylight saving');
  t.equal(formatDateTime(null, 'zh'), '—');
  t.equal(formatDateTime('not a date', 'en'), '—');
  t.equal(marketZoneName('en', 'long'), 'China Standard Time (UTC+8)');
  t.equal(marketZoneName('zh', 'long'), '北京时间（UTC+8）');
});

t.test('relative times; older dates are the China Standard Time date', async (t) => {
  const now = new Date('2026-11-23T13:05:00.000Z');
  t.equal(formatRelativeTime('2026-11-23T13:04:30.000Z', 'en', now), 'just now');
  t.equal(formatRelativeTime('2026-11-23T12:05:00.000Z', 'en', now), '1 hour ago');
  t.equal(formatRelativeTime('2026-11-23T10:05:00.000Z', 'zh', now), '3小时前');
  t.equal(formatRelativeTime('2026-11-20T13:05:00.000Z', 'en', now), '3 days ago');
  // 16:30 UTC on 1 March is already 2 March in China.
  t.equal(formatRelativeTime('2026-03-01T16:30:00.000Z', 'zh', now), '03-02');
  t.equal(formatRelativeTime('2024-12-31T16:30:00.000Z', 'en', now), '2025-01-01');
});

t.test("the viewer's own zone when the page knows it, with its offset at that moment", async (t) => {
  t.equal(formatDateTime('2026-11-23T13:05:00.000Z', 'en', 'Europe/Berlin'), '23 Nov 2026, 14:05 (your time, UTC+1)');
  t.equal(formatDateTime('2026-07-01T13:05:00.000Z', 'en', 'Europe/Berlin'), '1 Jul 2026, 15:05 (your time, UTC+2)', 'summer time where the zone has it');
  t.equal(formatDateTime('2026-11-23T13:05:00.000Z', 'zh', 'America/New_York'), '2026-11-23 08:05（当地时间 UTC-5）');
  t.equal(formatDateTime('2026-11-23T13:05:00.000Z', 'en', 'Asia/Kolkata'), '23 Nov 2026, 18:35 (your time, UTC+5:30)');
  t.equal(formatDateTime('2026-11-23T20:05:00.000Z', 'en', 'Asia/Tokyo'), '24 Nov 2026, 05:05 (your time, UTC+9)', 'the next day there');
  t.equal(formatDateTime('2026-11-23T13:05:00.000Z', 'zh', 'Asia/Shanghai'), '2026-11-23 21:05（北京时间）', 'the market zone keeps its name');
  t.equal(formatDateTime('2026-11-23T13:05:00.000Z', 'en', 'Mars/Olympus'), '23 Nov 2026, 21:05 (China time)', 'an unknown zone falls back to China time');
  t.equal(formatDateTime('2026-11-23T13:05:00.000Z', 'en', '../../etc'), '23 Nov 2026, 21:05 (China time)');
  t.equal(zoneName('en', 'Europe/Berlin', 'long', '2026-11-23T13:05:00.000Z'), 'Your time zone, Europe/Berlin (UTC+1)');
  t.equal(zoneName('zh', undefined, 'long'), '北京时间（UTC+8）');
  t.equal(formatRelativeTime('2026-03-01T16:30:00.000Z', 'en', new Date('2026-11-23T13:05:00.000Z'), 'Europe/London'), '03-01', 'the date where the viewer is');
  t.ok(isViewerZone('Europe/Berlin'));
  t.notOk(isViewerZone('Asia/Shanghai'));
  t.notOk(isViewerZone('x'.repeat(80)));
});
