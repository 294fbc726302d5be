import type { BusinessGroup, ReferenceLanguage } from '../../contract/references/schemas'

interface Titled {
  id: number
  slug: string
  en: string
  ru: string
}

/**
 * Lines of business and the kinds of business within each. Ids are fixed: a type's id is its group's id
 * times 100 plus its number within the group, so types can be added to a group without renumbering others.
 * Individuals choose a group on the third step, companies a type.
 */
const GROUPS: readonly (Titled & { types: readonly Titled[] })[] = [
  {
    id: 1,
    slug: 'beauty_salon',
    en: 'Beauty salon',
    ru: 'Салон красоты',
    types: [
      { id: 101, slug: 'beauty_salon', en: 'Beauty salon', ru: 'Салон красоты' },
      { id: 102, slug: 'hair_salon', en: 'Hair salon', ru: 'Парикмахерская' },
      { id: 103, slug: 'brow_lash_studio', en: 'Brow and lash studio', ru: 'Студия бровей и ресниц' },
      { id: 104, slug: 'makeup_studio', en: 'Make-up studio', ru: 'Студия макияжа' },
    ],
  },
  {
    id: 2,
    slug: 'barbershop',
    en: 'Barbershop',
    ru: 'Барбершоп',
    types: [
      { id: 201, slug: 'barbershop', en: 'Barbershop', ru: 'Барбершоп' },
      { id: 202, slug: 'mens_hair_salon', en: "Men's hair salon", ru: 'Мужская парикмахерская' },
    ],
  },
  {
    id: 3,
    slug: 'spa',
    en: 'Spa',
    ru: 'СПА',
    types: [
      { id: 301, slug: 'spa_salon', en: 'Spa salon', ru: 'СПА-салон' },
      { id: 302, slug: 'sauna_bathhouse', en: 'Sauna and bathhouse', ru: 'Сауна и баня' },
      { id: 303, slug: 'wellness_centre', en: 'Wellness centre', ru: 'Велнес-центр' },
    ],
  },
  {
    id: 4,
    slug: 'nail_studio',
    en: 'Nail studio',
    ru: 'Ногтевая студия',
    types: [
      { id: 401, slug: 'nail_studio', en: 'Nail studio', ru: 'Ногтевая студия' },
      { id: 402, slug: 'pedicure_studio', en: 'Pedicure studio', ru: 'Педикюрный кабинет' },
    ],
  },
  {
    id: 5,
    slug: 'cosmetology',
    en: 'Cosmetology',
    ru: 'Косметология',
    types: [
      { id: 501, slug: 'cosmetology_clinic', en: 'Cosmetology clinic', ru: 'Косметологическая клиника' },
      { id: 502, slug: 'cosmetology_room', en: 'Cosmetology room', ru: 'Косметологический кабинет' },
      { id: 503, slug: 'epilation_studio', en: 'Hair removal studio', ru: 'Студия эпиляции' },
    ],
  },
  {
    id: 6,
    slug: 'massage',
    en: 'Massage',
    ru: 'Массаж',
    types: [
      { id: 601, slug: 'massage_parlour', en: 'Massage parlour', ru: 'Массажный салон' },
      { id: 602, slug: 'thai_massage', en: 'Thai massage', ru: 'Тайский массаж' },
    ],
  },
  {
    id: 7,
    slug: 'tattoo',
    en: 'Tattoo and piercing',
    ru: 'Тату и пирсинг',
    types: [
      { id: 701, slug: 'tattoo_studio', en: 'Tattoo studio', ru: 'Тату-студия' },
      { id: 702, slug: 'piercing_studio', en: 'Piercing studio', ru: 'Пирсинг-студия' },
    ],
  },
  {
    id: 8,
    slug: 'fitness',
    en: 'Fitness and sport',
    ru: 'Фитнес и спорт',
    types: [
      { id: 801, slug: 'fitness_club', en: 'Fitness club', ru: 'Фитнес-клуб' },
      { id: 802, slug: 'yoga_studio', en: 'Yoga studio', ru: 'Студия йоги' },
      { id: 803, slug: 'dance_studio', en: 'Dance studio', ru: 'Студия танцев' },
      { id: 804, slug: 'personal_training', en: 'Personal training', ru: 'Персональные тренировки' },
    ],
  },
  {
    id: 9,
    slug: 'medical',
    en: 'Medicine',
    ru: 'Медицина',
    types: [
      { id: 901, slug: 'medical_clinic', en: 'Medical clinic', ru: 'Медицинский центр' },
      { id: 902, slug: 'dental_clinic', en: 'Dental clinic', ru: 'Стоматология' },
      { id: 903, slug: 'psychologist', en: 'Psychologist', ru: 'Психолог' },
    ],
  },
  {
    id: 10,
    slug: 'pets',
    en: 'Pets',
    ru: 'Животные',
    types: [
      { id: 1001, slug: 'grooming_salon', en: 'Grooming salon', ru: 'Груминг-салон' },
      { id: 1002, slug: 'veterinary_clinic', en: 'Veterinary clinic', ru: 'Ветеринарная клиника' },
    ],
  },
  {
    id: 11,
    slug: 'education',
    en: 'Education',
    ru: 'Обучение',
    types: [
      { id: 1101, slug: 'training_centre', en: 'Training centre', ru: 'Учебный центр' },
      { id: 1102, slug: 'tutoring', en: 'Tutoring', ru: 'Репетиторство' },
      { id: 1103, slug: 'beauty_school', en: 'Beauty school', ru: 'Школа красоты' },
    ],
  },
  {
    id: 12,
    slug: 'other',
    en: 'Other',
    ru: 'Другое',
    types: [{ id: 1201, slug: 'other', en: 'Other services', ru: 'Другие услуги' }],
  },
]

export function listBusinessGroups(language: ReferenceLanguage): BusinessGroup[] {
  return GROUPS.map((group) => ({
    id: group.id,
    slug: group.slug,
    title: group[language],
    types: group.types.map((type) => ({ id: type.id, slug: type.slug, title: type[language] })),
  }))
}

export const isBusinessGroupId = (id: number) => GROUPS.some((group) => group.id === id)
export const isBusinessTypeId = (id: number) =>
  GROUPS.some((group) => group.types.some((type) => type.id === id))
