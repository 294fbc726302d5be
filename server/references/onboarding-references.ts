import type { OnboardingReferences } from '../../contract/onboarding/schemas'
import {
  GENERAL_PURPOSE_IDS,
  PLACE_COUNTS,
  POSITIONS,
  PURPOSE_IDS,
  REFERRAL_SOURCES,
  SHORT_PURPOSE_IDS,
  STAFF_COUNTS,
} from '../../contract/onboarding/rules'
import type { ReferenceLanguage } from '../../contract/references/schemas'

type Titles = Readonly<Record<number, { en: string; ru: string }>>

const POSITION_TITLES: Titles = {
  1: { en: 'Owner', ru: 'Владелец' },
  2: { en: 'Manager', ru: 'Управляющий' },
  3: { en: 'Administrator', ru: 'Администратор' },
  4: { en: 'Specialist who provides services', ru: 'Мастер, оказываю услуги' },
  5: { en: 'Marketing specialist', ru: 'Маркетолог' },
  6: { en: 'Accountant', ru: 'Бухгалтер' },
}
const PLACE_COUNT_TITLES: Titles = {
  1: { en: 'One place', ru: 'Одна точка' },
  2: { en: 'Several places', ru: 'Несколько точек' },
  3: { en: 'I work by myself', ru: 'Работаю один' },
  4: { en: 'Not opened yet', ru: 'Ещё не открылись' },
}
const STAFF_COUNT_TITLES: Titles = {
  1: { en: 'Just me', ru: 'Только я' },
  2: { en: '2 to 5', ru: 'От 2 до 5' },
  3: { en: '6 to 10', ru: 'От 6 до 10' },
  4: { en: '11 to 20', ru: 'От 11 до 20' },
  5: { en: '21 to 50', ru: 'От 21 до 50' },
  6: { en: 'More than 50', ru: 'Больше 50' },
}
const REFERRAL_SOURCE_TITLES: Titles = {
  1: { en: 'Search engine', ru: 'Поисковая система' },
  2: { en: 'Social networks', ru: 'Социальные сети' },
  3: { en: 'Recommendation', ru: 'Рекомендация' },
  4: { en: 'Advertising', ru: 'Реклама' },
  5: { en: 'Exhibition or event', ru: 'Выставка или мероприятие' },
  6: { en: 'Other', ru: 'Другое' },
}
const PURPOSES: Readonly<Record<number, { slug: string; en: string; ru: string }>> = {
  11: { slug: 'other', en: 'Other', ru: 'Другое' },
  12: { slug: 'online_records', en: 'Record clients online', ru: 'Записывать клиентов онлайн' },
  13: { slug: 'schedule', en: 'Maintain the schedule', ru: 'Вести расписание' },
  14: { slug: 'finances', en: 'Account for finances', ru: 'Вести учёт финансов' },
  15: {
    slug: 'auto_notifications',
    en: 'Send automatic notifications',
    ru: 'Отправлять автоматические уведомления',
  },
  16: { slug: 'consumables', en: 'Count consumables', ru: 'Вести учёт расходников' },
  17: { slug: 'loyalty', en: 'Discounts and cashback', ru: 'Скидки и кешбэк' },
  18: { slug: 'certificates', en: 'Gift certificates and subscriptions', ru: 'Сертификаты и абонементы' },
  19: { slug: 'salaries', en: 'Count salaries', ru: 'Считать зарплаты' },
  20: { slug: 'analytics', en: 'Track analytics', ru: 'Смотреть аналитику' },
  21: { slug: 'online_booking', en: 'Connect online booking', ru: 'Подключить онлайн-запись' },
  22: { slug: 'customer_records', en: 'Keep customer records', ru: 'Вести клиентскую базу' },
  23: { slug: 'visit_reminders', en: 'Remind about visits', ru: 'Напоминать о визитах' },
}

function titled(items: readonly { id: number; slug: string }[], titles: Titles, language: ReferenceLanguage) {
  return items.map((item) => ({
    id: item.id,
    slug: item.slug,
    title: titles[item.id]?.[language] ?? item.slug,
  }))
}

/** The choices of the questionnaire (GET /onboarding/references), titled in the language. */
export function onboardingReferences(language: ReferenceLanguage): OnboardingReferences {
  return {
    positions: titled(POSITIONS, POSITION_TITLES, language),
    place_counts: titled(PLACE_COUNTS, PLACE_COUNT_TITLES, language),
    staff_counts: titled(STAFF_COUNTS, STAFF_COUNT_TITLES, language),
    referral_sources: titled(REFERRAL_SOURCES, REFERRAL_SOURCE_TITLES, language),
    purposes: PURPOSE_IDS.map((id) => ({
      id,
      slug: PURPOSES[id]?.slug ?? '',
      title: PURPOSES[id]?.[language] ?? '',
    })),
    general_purpose_ids: [...GENERAL_PURPOSE_IDS],
    short_purpose_ids: [...SHORT_PURPOSE_IDS],
  }
}

/** The English title of a position, used for the position a new company's owner gets. */
export function positionTitle(positionId: number, language: ReferenceLanguage = 'en'): string {
  return POSITION_TITLES[positionId]?.[language] ?? POSITION_TITLES[1]?.[language] ?? 'Owner'
}
