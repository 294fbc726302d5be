import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../db/database'
import { clientCategories, clientCategoryLinks, clientLabels, clients, companies, labels } from '../db/schema'

/** The demo clients of the first salon: names, E.164 phones, e-mails, birthdays, a category and a label here and there. */
const demoClients: {
  name: string
  surname: string
  phone: string | null
  email?: string
  birthDate?: string
  comment?: string
  category?: string
  label?: string
}[] = [
  {
    name: 'Анна',
    surname: 'Смирнова',
    phone: '+79161234501',
    email: 'anna.smirnova@example.com',
    birthDate: '1990-03-14',
    category: 'VIP',
    label: 'VIP',
  },
  { name: 'Мария', surname: 'Иванова', phone: '+79161234502', category: 'Regular' },
  {
    name: 'Елена',
    surname: 'Кузнецова',
    phone: '+79161234503',
    email: 'elena.k@example.com',
    comment: 'Аллергия на аммиачные красители',
  },
  { name: 'Ольга', surname: 'Попова', phone: '+79161234504', birthDate: '1985-11-02', category: 'Regular' },
  {
    name: 'Татьяна',
    surname: 'Васильева',
    phone: '+79161234505',
    category: 'New client',
    label: 'New client',
  },
  { name: 'Наталья', surname: 'Петрова', phone: '+79161234506', email: 'n.petrova@example.com' },
  { name: 'Ирина', surname: 'Соколова', phone: '+79161234507', category: 'VIP' },
  { name: 'Светлана', surname: 'Михайлова', phone: '+79161234508', birthDate: '1979-07-21' },
  { name: 'Дмитрий', surname: 'Новиков', phone: '+79161234509', comment: 'Предпочитает утро' },
  { name: 'Алексей', surname: 'Фёдоров', phone: '+79161234510', category: 'New client' },
  { name: 'Юлия', surname: 'Морозова', phone: null, email: 'yulia.morozova@example.com' },
  { name: 'Ксения', surname: 'Волкова', phone: '+79161234512', category: 'Wedding party' },
]

/** Seeds a dozen clients into Beauty Line — Tverskaya, the demo owner's first salon. */
export async function seedClientsDemo(db: Database): Promise<void> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.title, 'Beauty Line — Tverskaya'))
  if (!company) return
  const companyId = company.id
  const rows = await db
    .insert(clients)
    .values(
      demoClients.map((client) => ({
        companyId,
        name: client.name,
        surname: client.surname,
        phone: client.phone,
        email: client.email ?? null,
        birthDate: client.birthDate ?? null,
        comment: client.comment ?? '',
      })),
    )
    .returning({ id: clients.id })
  const categories = await db
    .select({ id: clientCategories.id, title: clientCategories.title })
    .from(clientCategories)
    .where(eq(clientCategories.companyId, companyId))
  const clientLabelRows = await db
    .select({ id: labels.id, title: labels.title })
    .from(labels)
    .where(and(eq(labels.companyId, companyId), inArray(labels.entity, [0, 1])))
  const links = demoClients.flatMap((client, index) => {
    const category = categories.find((row) => row.title === client.category)
    return category ? [{ clientId: rows[index]!.id, categoryId: category.id }] : []
  })
  if (links.length) await db.insert(clientCategoryLinks).values(links)
  const labelLinks = demoClients.flatMap((client, index) => {
    const label = clientLabelRows.find((row) => row.title === client.label)
    return label ? [{ clientId: rows[index]!.id, labelId: label.id }] : []
  })
  if (labelLinks.length) await db.insert(clientLabels).values(labelLinks)
}
