/**
 * DateTime, DateTimeOffset, TimeSpan and Guid (surface/time.ts) over `rt.dateTime`, `rt.dateTimeOffset`,
 * `rt.timeSpan` and `rt.guid` (runtime/time.ts). Instance members take the value first; these are
 * structs, never null.
 *
 * Comparison operators are inline where the representation orders as .NET does (runtime/time.ts allows
 * it): DateTime by `ticks` (kind ignored), TimeSpan as bigints, Guid as canonical strings; DateTimeOffset
 * compares UTC instants through `rt.dateTimeOffset.compare`/`equals`.
 */
import type { RuntimeBinding } from '../runtime-call.js';
import {
  GUARDED,
  binary,
  call,
  callOf,
  comparedWith,
  comparisonOperators,
  constant,
  fieldComparison,
  lowerFirst,
  same,
  type BindingTable,
} from './build.js';

const DATE_TIME_PARTS = ['Year', 'Month', 'Day', 'Hour', 'Minute', 'Second', 'Millisecond'];
const DATE_TIME_ADDS = ['AddDays', 'AddHours', 'AddMinutes', 'AddSeconds', 'AddMilliseconds', 'AddTicks'];

function perMember(
  prefix: string,
  names: readonly string[],
  binding: (name: string) => RuntimeBinding,
): Record<string, RuntimeBinding> {
  return Object.fromEntries(names.map((name) => [`${prefix}.${lowerFirst(name)}`, binding(name)]));
}

const DATE_TIME: BindingTable = {
  'dateTime.new.ymd': call('rt.dateTime.create', 0, 1, 2),
  'dateTime.new.ymdhms': call('rt.dateTime.create', 0, 1, 2, 3, 4, 5),
  'dateTime.new.ymdhmsKind': call('rt.dateTime.create', 0, 1, 2, 3, 4, 5, '0', 6),
  'dateTime.new.ymdhmsms': call('rt.dateTime.create', 0, 1, 2, 3, 4, 5, 6),
  'dateTime.new.ticks': call('rt.dateTime.fromTicks', 0),
  'dateTime.new.ticksKind': call('rt.dateTime.fromTicks', 0, 1),
  'dateTime.now': call('rt.dateTime.now'),
  'dateTime.utcNow': call('rt.dateTime.utcNow'),
  'dateTime.today': call('rt.dateTime.today'),
  'dateTime.minValue': constant('rt.dateTime.MinValue'),
  'dateTime.maxValue': constant('rt.dateTime.MaxValue'),
  'dateTime.unixEpoch': constant('rt.dateTime.UnixEpoch'),
  'dateTime.parse': call('rt.dateTime.Parse', 0),
  'dateTime.tryParse': call('rt.dateTime.TryParse', 0, 1),
  'dateTime.compare': call('rt.dateTime.compare', 0, 1),
  'dateTime.daysInMonth': call('rt.dateTime.DaysInMonth', 0, 1),
  'dateTime.isLeapYear': call('rt.dateTime.IsLeapYear', 0),
  'dateTime.specifyKind': call('rt.dateTime.SpecifyKind', 0, 1),
  ...perMember(
    'dateTime',
    [...DATE_TIME_PARTS, 'Ticks', 'Date', 'DayOfWeek', 'DayOfYear', 'TimeOfDay', 'Kind'],
    (name) => call(`rt.dateTime.${name}`, GUARDED),
  ),
  'dateTime.add': call('rt.dateTime.Add', GUARDED, 0),
  ...perMember('dateTime', [...DATE_TIME_ADDS, 'AddMonths', 'AddYears'], (name) =>
    call(`rt.dateTime.${name}`, GUARDED, 0),
  ),
  'dateTime.subtract.dateTime': call('rt.dateTime.Subtract', GUARDED, 0),
  'dateTime.subtract.timeSpan': call('rt.dateTime.SubtractSpan', GUARDED, 0),
  'dateTime.toUniversalTime': call('rt.dateTime.ToUniversalTime', GUARDED),
  'dateTime.toLocalTime': call('rt.dateTime.ToLocalTime', GUARDED),
  'dateTime.compareTo': call('rt.dateTime.compare', GUARDED, 0),
  'dateTime.equals': call('rt.dateTime.equals', GUARDED, 0),
  'dateTime.toString': call('rt.format.value', GUARDED, 'rt.T.DateTime'),
  'dateTime.op_Addition': call('rt.dateTime.Add', 0, 1),
  'dateTime.op_Subtraction': call('rt.dateTime.Subtract', 0, 1),
  'dateTime.op_Subtraction.timeSpan': call('rt.dateTime.SubtractSpan', 0, 1),
  ...comparisonOperators('dateTime', (operator) => fieldComparison('ticks', operator)),
};

const DATE_TIME_OFFSET: BindingTable = {
  'dateTimeOffset.new.dateTime': call('rt.dateTimeOffset.fromDateTime', 0),
  'dateTimeOffset.new.dateTimeOffset': call('rt.dateTimeOffset.create', 0, 1),
  'dateTimeOffset.now': call('rt.dateTimeOffset.now'),
  'dateTimeOffset.utcNow': call('rt.dateTimeOffset.utcNow'),
  'dateTimeOffset.minValue': constant('rt.dateTimeOffset.MinValue'),
  'dateTimeOffset.maxValue': constant('rt.dateTimeOffset.MaxValue'),
  'dateTimeOffset.unixEpoch': constant('rt.dateTimeOffset.UnixEpoch'),
  'dateTimeOffset.parse': call('rt.dateTimeOffset.Parse', 0),
  'dateTimeOffset.tryParse': call('rt.dateTimeOffset.TryParse', 0, 1),
  'dateTimeOffset.fromUnixTimeSeconds': call('rt.dateTimeOffset.FromUnixTimeSeconds', 0),
  'dateTimeOffset.fromUnixTimeMilliseconds': call('rt.dateTimeOffset.FromUnixTimeMilliseconds', 0),
  ...perMember(
    'dateTimeOffset',
    ['DateTime', 'UtcDateTime', 'Offset', ...DATE_TIME_PARTS.slice(0, 6), 'Ticks', 'DayOfWeek'],
    (name) => call(`rt.dateTimeOffset.${name}`, GUARDED),
  ),
  'dateTimeOffset.add': call('rt.dateTimeOffset.Add', GUARDED, 0),
  ...perMember('dateTimeOffset', DATE_TIME_ADDS.slice(0, 4), (name) =>
    call(`rt.dateTimeOffset.${name}`, GUARDED, 0),
  ),
  'dateTimeOffset.toUnixTimeSeconds': call('rt.dateTimeOffset.ToUnixTimeSeconds', GUARDED),
  'dateTimeOffset.toUnixTimeMilliseconds': call('rt.dateTimeOffset.ToUnixTimeMilliseconds', GUARDED),
  'dateTimeOffset.toUniversalTime': call('rt.dateTimeOffset.ToUniversalTime', GUARDED),
  'dateTimeOffset.compareTo': call('rt.dateTimeOffset.compare', GUARDED, 0),
  'dateTimeOffset.equals': call('rt.dateTimeOffset.equals', GUARDED, 0),
  'dateTimeOffset.toString': call('rt.format.value', GUARDED, 'rt.T.DateTimeOffset'),
  // DateTime to DateTimeOffset: the offset of local time, which is UTC here.
  'dateTimeOffset.op_Implicit': call('rt.dateTimeOffset.fromDateTime', 0),
  'dateTimeOffset.op_Addition': call('rt.dateTimeOffset.Add', 0, 1),
  'dateTimeOffset.op_Subtraction': call('rt.dateTimeOffset.Subtract', 0, 1),
  'dateTimeOffset.op_Subtraction.timeSpan': call('rt.dateTimeOffset.SubtractSpan', 0, 1),
  ...comparisonOperators('dateTimeOffset', (operator) =>
    operator === '==='
      ? call('rt.dateTimeOffset.equals', 0, 1)
      : operator === '!=='
        ? (site) => `(!${call('rt.dateTimeOffset.equals', 0, 1)(site)})`
        : comparedWith('rt.dateTimeOffset.compare', operator),
  ),
};

/**
 * `factor * span`: C# evaluates the factor first, the runtime takes the span first; a hoisted adapter
 * keeps the evaluation order.
 */
const FACTOR_FIRST = '(factor, span) => rt.timeSpan.Multiply(span, factor)';

const TIME_SPAN: BindingTable = {
  'timeSpan.new.ticks': call('rt.timeSpan.FromTicks', 0),
  'timeSpan.new.hms': call('rt.timeSpan.create', '0', 0, 1, 2),
  'timeSpan.new.dhms': call('rt.timeSpan.create', 0, 1, 2, 3),
  'timeSpan.new.dhmsms': call('rt.timeSpan.create', 0, 1, 2, 3, 4),
  'timeSpan.zero': constant('rt.timeSpan.Zero'),
  'timeSpan.minValue': constant('rt.timeSpan.MinValue'),
  'timeSpan.maxValue': constant('rt.timeSpan.MaxValue'),
  ...perMember(
    'timeSpan',
    ['FromDays', 'FromHours', 'FromMinutes', 'FromSeconds', 'FromMilliseconds', 'FromTicks'],
    (name) => call(`rt.timeSpan.${name}`, 0),
  ),
  'timeSpan.parse': call('rt.timeSpan.Parse', 0),
  'timeSpan.tryParse': call('rt.timeSpan.TryParse', 0, 1),
  'timeSpan.compare': call('rt.timeSpan.compare', 0, 1),
  ...perMember(
    'timeSpan',
    [
      'Days',
      'Hours',
      'Minutes',
      'Seconds',
      'Milliseconds',
      'Ticks',
      'TotalDays',
      'TotalHours',
      'TotalMinutes',
      'TotalSeconds',
      'TotalMilliseconds',
      'Duration',
      'Negate',
    ],
    (name) => call(`rt.timeSpan.${name}`, GUARDED),
  ),
  'timeSpan.add': call('rt.timeSpan.Add', GUARDED, 0),
  'timeSpan.subtract': call('rt.timeSpan.Subtract', GUARDED, 0),
  'timeSpan.compareTo': call('rt.timeSpan.compare', GUARDED, 0),
  'timeSpan.equals': binary('===', GUARDED, 0),
  'timeSpan.toString': call('rt.format.value', GUARDED, 'rt.T.TimeSpan'),
  'timeSpan.op_UnaryNegation': call('rt.timeSpan.Negate', 0),
  'timeSpan.op_UnaryPlus': same(0),
  'timeSpan.op_Addition': call('rt.timeSpan.Add', 0, 1),
  'timeSpan.op_Subtraction': call('rt.timeSpan.Subtract', 0, 1),
  'timeSpan.op_Multiply': call('rt.timeSpan.Multiply', 0, 1),
  'timeSpan.op_Multiply.factorFirst': callOf((site) => site.services.hoist(FACTOR_FIRST), 0, 1),
  'timeSpan.op_Division': call('rt.timeSpan.Divide', 0, 1),
  'timeSpan.op_Division.timeSpan': call('rt.timeSpan.Ratio', 0, 1),
  ...comparisonOperators('timeSpan', (operator) => binary(operator, 0, 1)),
};

const GUID: BindingTable = {
  // `new Guid(string)` accepts what Guid.Parse accepts.
  'guid.new.string': call('rt.guid.Parse', 0),
  'guid.empty': constant('rt.guid.Empty'),
  'guid.newGuid': call('rt.guid.NewGuid'),
  'guid.parse': call('rt.guid.Parse', 0),
  'guid.tryParse': call('rt.guid.TryParse', 0, 1),
  'guid.compareTo': call('rt.guid.compare', GUARDED, 0),
  'guid.equals': binary('===', GUARDED, 0),
  'guid.toString': call('rt.format.value', GUARDED, 'rt.T.Guid'),
  ...comparisonOperators('guid', (operator) => binary(operator, 0, 1)),
};

export const TIME_BINDINGS: BindingTable = { ...DATE_TIME, ...DATE_TIME_OFFSET, ...TIME_SPAN, ...GUID };
