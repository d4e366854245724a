import dayjs from 'dayjs';
import relativeTimePlugin from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/ru';

dayjs.extend(relativeTimePlugin);

/** '3 hours ago' / '3 часа назад': the locale is chosen per call, so nothing global changes. */
export function relativeTime(date: string, language: string): string {
  const d = dayjs(date);
  if (!d.isValid()) return '';
  return d.locale(language.startsWith('ru') ? 'ru' : 'en').fromNow();
}
