/**
 * Relative time with the seed's thresholds: under a minute in seconds, under an hour in minutes,
 * under a day in hours, under 30 days in days, under 365 days in months, then years; written as
 * Intl.RelativeTimeFormat (`numeric: 'auto'`) writes it. The full date (for the tooltip) uses
 * Intl.DateTimeFormat.
 */
import { dateTimeFormat, relativeTimeFormat } from './intl.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface RelativeParts {
  value: number;
  unit: 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';
}

/** How long ago `thenMs` was at `nowMs` (a future time counts as now). */
export function relativeParts(thenMs: number, nowMs: number): RelativeParts {
  const elapsed = Math.max(0, nowMs - thenMs);
  if (elapsed < MINUTE) return { value: Math.floor(elapsed / SECOND), unit: 'second' };
  if (elapsed < HOUR) return { value: Math.floor(elapsed / MINUTE), unit: 'minute' };
  if (elapsed < DAY) return { value: Math.floor(elapsed / HOUR), unit: 'hour' };
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return { value: days, unit: 'day' };
  if (days < 365) return { value: Math.floor(days / 30), unit: 'month' };
  return { value: Math.floor(days / 365), unit: 'year' };
}

function toMs(date: Date | string | number): number {
  return date instanceof Date ? date.getTime() : typeof date === 'number' ? date : Date.parse(date);
}

type Unit = RelativeParts['unit'];

/**
 * CLDR's words for a time before now in each interface language, as Intl.RelativeTimeFormat with
 * `numeric: 'auto'` writes them (time.test.ts compares every value the thresholds can give): the
 * phrase for 1 and for any other count (`#`), and the named ones ("now", "yesterday"…). The
 * first RelativeTimeFormat of a page loads the browser's ICU data for it: a long task on a phone,
 * in the first render of every page that shows a time.
 */
const pastWords: Record<
  string,
  { units: Record<Unit, [string, string]>; named: Record<string, string> }
> = {
  en: {
    units: {
      second: ['# second ago', '# seconds ago'],
      minute: ['# minute ago', '# minutes ago'],
      hour: ['# hour ago', '# hours ago'],
      day: ['# day ago', '# days ago'],
      month: ['# month ago', '# months ago'],
      year: ['# year ago', '# years ago'],
    },
    named: { second0: 'now', day1: 'yesterday', month1: 'last month', year1: 'last year' },
  },
  fr: {
    units: {
      second: ['il y a # seconde', 'il y a # secondes'],
      minute: ['il y a # minute', 'il y a # minutes'],
      hour: ['il y a # heure', 'il y a # heures'],
      day: ['il y a # jour', 'il y a # jours'],
      month: ['il y a # mois', 'il y a # mois'],
      year: ['il y a # an', 'il y a # ans'],
    },
    named: {
      second0: 'maintenant',
      day1: 'hier',
      day2: 'avant-hier',
      month1: 'le mois dernier',
      year1: 'l’année dernière',
    },
  },
  es: {
    units: {
      second: ['hace # segundo', 'hace # segundos'],
      minute: ['hace # minuto', 'hace # minutos'],
      hour: ['hace # hora', 'hace # horas'],
      day: ['hace # día', 'hace # días'],
      month: ['hace # mes', 'hace # meses'],
      year: ['hace # año', 'hace # años'],
    },
    named: {
      second0: 'ahora',
      day1: 'ayer',
      day2: 'anteayer',
      month1: 'el mes pasado',
      year1: 'el año pasado',
    },
  },
  ko: {
    units: {
      second: ['#초 전', '#초 전'],
      minute: ['#분 전', '#분 전'],
      hour: ['#시간 전', '#시간 전'],
      day: ['#일 전', '#일 전'],
      month: ['#개월 전', '#개월 전'],
      year: ['#년 전', '#년 전'],
    },
    named: { second0: '지금', day1: '어제', day2: '그저께', month1: '지난달', year1: '작년' },
  },
};

/** "3 minutes ago", "il y a 3 minutes", "3분 전"… */
export function formatRelativeTime(
  date: Date | string | number,
  nowMs: number,
  locale: string,
): string {
  const { value, unit } = relativeParts(toMs(date), nowMs);
  const words = pastWords[locale];
  // Another language, or a count that Intl would write with a group separator (1,000 years).
  if (!words || value >= 1000) return relativeTimeFormat(locale).format(-value, unit);
  return (
    words.named[`${unit}${value}`] ??
    words.units[unit][value === 1 ? 0 : 1].replace('#', String(value))
  );
}

/** The full date and time, for tooltips. */
export function formatFullDate(date: Date | string | number, locale: string): string {
  return dateTimeFormat(locale, 'full', 'medium').format(toMs(date));
}

/**
 * How often a relative time should refresh while recent: every second under a minute, every
 * minute under a day; null (no refresh) after that.
 */
export function relativeRefreshMs(thenMs: number, nowMs: number): number | null {
  const elapsed = Math.max(0, nowMs - thenMs);
  if (elapsed < MINUTE) return SECOND;
  if (elapsed < DAY) return MINUTE;
  return null;
}
