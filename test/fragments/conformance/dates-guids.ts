/**
 * DateTime (creation and modification dates are UTC from Unix seconds; stored DateTimes keep their kind),
 * TimeSpan, DateTimeOffset and Guid: members, operators, constructors, parsing and text.
 */
import { ALL_VERTICES, type ConformanceCase } from './corpus.js';

const CREATED_AT_EPOCH = ['dave', 'acme', 'globex', 'initech', 'paris', 'berlin', 'ghost'];

export const datesGuids: readonly ConformanceCase[] = [
  {
    name: 'date: creation year',
    kind: 'VertexFilter',
    fragment: 'return v => v.GetCreationDate().Year == 2020;',
    expect: { passes: ['alice', 'bob', 'carol', 'frank'] },
  },
  {
    name: 'date: created at the Unix epoch',
    kind: 'VertexFilter',
    fragment: 'return v => v.GetCreationDate() == DateTime.UnixEpoch;',
    expect: { passes: CREATED_AT_EPOCH },
  },
  {
    name: 'date: after a constructed date',
    kind: 'VertexFilter',
    fragment: 'return v => v.GetCreationDate() > new DateTime(2020, 1, 2);',
    expect: { passes: ['carol', 'erin', 'frank'] },
    note: 'bob was created at exactly 2020-01-02 00:00; == ignores the kind.',
  },
  {
    name: 'date: day of week',
    kind: 'VertexFilter',
    fragment: 'return v => v.GetCreationDate().DayOfWeek == DayOfWeek.Wednesday;',
    expect: { passes: ['alice'] },
  },
  {
    name: 'date: time of day parts',
    kind: 'VertexFilter',
    fragment:
      'return v => v.GetCreationDate().Hour == 3 && v.GetCreationDate().Minute == 4 && v.GetCreationDate().Second == 5;',
    expect: { passes: ['frank'] },
  },
  {
    name: 'date: modification equals creation',
    kind: 'VertexFilter',
    fragment:
      'return v => v.GetModificationDate() == v.GetCreationDate() && DateTime.Compare(v.GetCreationDate(), v.GetModificationDate()) == 0;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'date: seconds since the epoch',
    kind: 'VertexFilter',
    fragment: 'return v => (v.GetCreationDate() - DateTime.UnixEpoch).TotalSeconds == 1577836800;',
    expect: { passes: ['alice'] },
  },
  {
    name: 'date: negative TimeSpan',
    kind: 'VertexFilter',
    fragment: 'return v => (DateTime.UnixEpoch - v.GetCreationDate()).Ticks < 0;',
    expect: { passes: ['alice', 'bob', 'carol', 'erin', 'frank'] },
  },
  {
    name: 'date: invariant ToString',
    kind: 'VertexFilter',
    fragment: 'return v => v.GetCreationDate().ToString() == "01/01/2020 00:00:00";',
    expect: { passes: ['alice'] },
  },
  {
    name: 'date: creation year as a cost',
    kind: 'VertexCost',
    fragment: 'return v => v.GetCreationDate().Year - 1970;',
    expect: { costs: { alice: 50, bob: 50, carol: 50, erin: 51, frank: 50 }, otherwise: 0 },
  },
  {
    name: 'date: stored DateTime year',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out DateTime s, "since") && s.Year < 2016;',
    expect: { passes: ['alice', 'carol'] },
  },
  {
    name: 'date: stored kind is kept',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out DateTime s, "since") && s.Kind == DateTimeKind.Unspecified;',
    expect: { passes: ['bob'] },
  },
  {
    name: 'date: leap day',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out DateTime s, "since") && s.Month == 2 && s.Day == 29 && DateTime.IsLeapYear(s.Year);',
    expect: { passes: ['erin'] },
  },
  {
    name: 'date: day of year',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out DateTime s, "since") && s.DayOfYear == 60;',
    expect: { passes: ['alice', 'erin'] },
    note: '2015-03-01 and 2024-02-29 are both the 60th day.',
  },
  {
    name: 'date: AddDays across a month end',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out DateTime s, "since") && s.AddDays(1).Day == 1;',
    expect: { passes: ['carol', 'erin'] },
  },
  {
    name: 'date: AddSeconds across midnight',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out DateTime s, "since") && s.AddSeconds(1).Month == 7;',
    expect: { passes: ['carol'] },
  },
  {
    name: 'date: AddYears from a leap day',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out DateTime s, "since") && s.AddYears(1).Day == 28;',
    expect: { passes: ['erin'] },
  },
  {
    name: 'date: Date and TimeOfDay',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out DateTime s, "since") && (s.Date == new DateTime(2010, 6, 30) || s.TimeOfDay == new TimeSpan(8, 30, 0));',
    expect: { passes: ['alice', 'carol'] },
  },
  {
    name: 'date: parsed date equals a stored UTC date',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out DateTime s, "since") && s == DateTime.Parse("2015-03-01T08:30:00");',
    expect: { passes: ['alice'] },
  },
  {
    name: 'date: difference in days',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out DateTime f, "founded") && (new DateTime(2010, 1, 1) - f).TotalDays > 3650;',
    expect: { passes: ['acme'] },
  },
  {
    name: 'date: edge date against the source vertex date',
    kind: 'EdgeFilter',
    fragment:
      'return e => e.TryGetProperty(out DateTime s, "since") && e.SourceVertex.TryGetProperty(out DateTime f, "founded") && s > f;',
    expect: { passes: ['acmeLocatedInBerlin'] },
  },
  {
    name: 'date: edge dates',
    kind: 'EdgeFilter',
    fragment: 'return e => e.TryGetProperty(out DateTime s, "since") && s.Year >= 2001;',
    expect: { passes: ['aliceWorksAtAcme', 'acmeLocatedInBerlin'] },
  },
  {
    name: 'date: statics',
    kind: 'VertexFilter',
    fragment:
      'return v => DateTime.MinValue.Ticks == 0 && DateTime.MaxValue.Year == 9999 && DateTime.UtcNow > new DateTime(2020, 1, 1) && DateTime.DaysInMonth(2023, 2) == 28;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'date: DateTimeOffset from Unix seconds',
    kind: 'VertexFilter',
    fragment:
      'return v => DateTimeOffset.FromUnixTimeSeconds(1577836800).Year == 2020 && DateTimeOffset.FromUnixTimeSeconds(86400).ToUnixTimeSeconds() == 86400;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'timespan: total hours',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out TimeSpan t, "shift") && t.TotalHours > 24;',
    expect: { passes: ['bob'] },
  },
  {
    name: 'timespan: equals FromMinutes',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out TimeSpan t, "shift") && t == TimeSpan.FromMinutes(510);',
    expect: { passes: ['alice'] },
  },
  {
    name: 'timespan: components',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out TimeSpan t, "shift") && t.Days == 1 && t.Hours == 2 && t.Minutes == 3 && t.Seconds == 4;',
    expect: { passes: ['bob'] },
  },
  {
    name: 'timespan: ToString',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out TimeSpan t, "shift") && (t.ToString() == "08:30:00" || t.ToString() == "1.02:03:04");',
    expect: { passes: ['alice', 'bob'] },
  },
  {
    name: 'timespan: arithmetic and constructors',
    kind: 'VertexFilter',
    fragment:
      'return v => TimeSpan.FromHours(1.5) + TimeSpan.FromMinutes(30) == TimeSpan.FromHours(2) && new TimeSpan(1, 2, 3, 4).TotalSeconds == 93784 && TimeSpan.Zero < TimeSpan.FromTicks(1);',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'timespan: multiplied and divided',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out TimeSpan t, "shift") && (t * 2).TotalHours == 17 && t / TimeSpan.FromHours(1) == 8.5;',
    expect: { passes: ['alice'] },
  },
  {
    name: 'guid: equals Guid.Empty',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out Guid g, "id") && g == Guid.Empty;',
    expect: { passes: ['bob'] },
  },
  {
    name: 'guid: not Guid.Empty',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out Guid g, "id") && g != Guid.Empty;',
    expect: { passes: ['alice', 'acme'] },
  },
  {
    name: 'guid: lowercase hyphenated ToString',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out Guid g, "id") && g.ToString() == "0f8fad5b-d9cb-469f-a165-70867728950e";',
    expect: { passes: ['acme'] },
  },
  {
    name: 'guid: Parse is case-insensitive',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out Guid g, "id") && g == Guid.Parse("6F9619FF-8B86-D011-B42D-00C04FC964FF");',
    expect: { passes: ['alice'] },
  },
  {
    name: 'guid: constructor from a string and TryParse',
    kind: 'VertexFilter',
    fragment:
      'var acme = new Guid("{0f8fad5b-d9cb-469f-a165-70867728950e}");\nreturn v => v.TryGetProperty(out Guid g, "id") && g.Equals(acme) && !Guid.TryParse("not a guid", out var other) && other == Guid.Empty;',
    expect: { passes: ['acme'] },
  },
  {
    name: 'guid: a Guid is not a string',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string g, "id");',
    expect: { passes: [] },
  },
  {
    name: 'guid: comparison operators',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out Guid g, "id") && g > Guid.Empty && g.CompareTo(Guid.Parse("10000000-0000-0000-0000-000000000000")) < 0;',
    expect: { passes: ['acme'] },
    note: 'Guid order compares the first field as an unsigned int: 0x0f8fad5b < 0x10000000 < 0x6f9619ff.',
  },
];
