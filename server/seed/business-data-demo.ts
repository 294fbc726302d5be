import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../db/database'
import {
  accounts,
  accountTransactions,
  attendanceFieldPins,
  clientCategories,
  companies,
  companySettings,
  customFields,
  goodCategories,
  goods,
  licenses,
  paymentMethodPins,
  paymentMethods,
  resourceBookings,
  resourceInstances,
  resources,
  salarySettings,
  serviceResources,
  services,
  staff,
  storages,
  units,
} from '../db/schema'

const DAY_MS = 24 * 60 * 60 * 1000

interface GoodsCategorySeed {
  title: string
  children: { title: string; goods: { title: string; article: string; price: string; unit: string }[] }[]
}

/** Realistic business data of one demo salon in the areas of licence, finances settings, storages and goods. */
interface CompanyDataSeed {
  settings?: Partial<typeof companySettings.$inferInsert>
  license?: { tariff: string; staffLimit: number; staffSeatMonthlyPrice: number; daysLeft: number }
  paymentMethods: { slug: string; title: string; pinned?: boolean }[]
  fieldPins: string[]
  storages: { title: string; type: 'goods' | 'consumables' }[]
  accounts: { title: string; type: 'cash' | 'bank'; transactions: string[] }[]
  clientCategories: { title: string; color: string }[]
  customFields: Omit<typeof customFields.$inferInsert, 'companyId'>[]
  units: { title: string; shortTitle: string }[]
  goodsCategories: GoodsCategorySeed[]
  /** Resources, their instances and the services (by title) that need them. */
  resources: { title: string; instances: string[]; services: string[] }[]
  /** A booking of the first instance of the first resource, today at this UTC hour, one hour long. */
  bookingHourUtc?: number
  salary?: {
    staffName: string
    mode: string
    dateBasis: string
    discountSplitMode: string
    costSplitMode: string
  }
}

const commonUnits = [
  { title: 'Piece', shortTitle: 'pcs' },
  { title: 'Millilitre', shortTitle: 'ml' },
  { title: 'Gram', shortTitle: 'g' },
]

const salonCustomFields: CompanyDataSeed['customFields'] = [
  {
    parentEntityType: 'record',
    typeSlug: 'text',
    code: 'allergy_notes',
    title: 'Allergy notes',
    showInRecordWindow: true,
    weight: 1,
  },
  {
    parentEntityType: 'record',
    typeSlug: 'select',
    code: 'preferred_drink',
    title: 'Preferred drink',
    values: [
      ['coffee', 'Coffee'],
      ['tea', 'Tea'],
      ['water', 'Still water'],
    ],
    showInRecordWindow: true,
    weight: 2,
  },
  {
    parentEntityType: 'client',
    typeSlug: 'select',
    code: 'hair_type',
    title: 'Hair type',
    values: [
      ['straight', 'Straight'],
      ['wavy', 'Wavy'],
      ['curly', 'Curly'],
    ],
    showInClientWindow: true,
    weight: 1,
  },
  {
    parentEntityType: 'client',
    typeSlug: 'checkbox',
    code: 'birthday_greeting',
    title: 'Send a birthday greeting',
    weight: 2,
  },
]

const hairCareGoods: GoodsCategorySeed[] = [
  {
    title: 'Hair care',
    children: [
      {
        title: 'Shampoos',
        goods: [
          { title: 'Moisturising shampoo 250 ml', article: 'SH-250', price: '1450.00', unit: 'pcs' },
          { title: 'Colour-protect shampoo 1 l', article: 'SH-1000', price: '3200.00', unit: 'pcs' },
        ],
      },
      {
        title: 'Conditioners',
        goods: [{ title: 'Repair conditioner 200 ml', article: 'CN-200', price: '1650.00', unit: 'pcs' }],
      },
    ],
  },
  {
    title: 'Nail care',
    children: [
      {
        title: 'Gel polish',
        goods: [{ title: 'Gel polish, nude', article: 'GP-01', price: '890.00', unit: 'pcs' }],
      },
    ],
  },
]

const seeds: Record<string, CompanyDataSeed> = {
  'Beauty Line — Tverskaya': {
    settings: {
      smsSenderName: 'BeautyLine',
      analyticsLostThreshold: 60,
      defaultCountryId: 1,
      showNewsletterAgreement: true,
      showPersonalDataAgreement: true,
      sumRecordTechnicalBreaks: true,
    },
    license: { tariff: 'Business', staffLimit: 10, staffSeatMonthlyPrice: 500, daysLeft: 180 },
    paymentMethods: [
      { slug: 'cash', title: 'Cash', pinned: true },
      { slug: 'card', title: 'Bank card', pinned: true },
      { slug: 'transfer', title: 'Bank transfer' },
    ],
    fieldPins: ['comment', 'discount'],
    storages: [
      { title: 'Retail shelf', type: 'goods' },
      { title: 'Back room', type: 'consumables' },
    ],
    accounts: [
      { title: 'Front desk cash', type: 'cash', transactions: ['12500.00', '4300.00', '-2000.00'] },
      { title: 'Sberbank account', type: 'bank', transactions: ['86000.00', '-15400.50'] },
    ],
    clientCategories: [
      { title: 'VIP', color: '#c9a227' },
      { title: 'Regular', color: '#1f8a70' },
      { title: 'New client', color: '#3a7bd5' },
      { title: 'Wedding party', color: '#d96c9f' },
    ],
    customFields: salonCustomFields,
    units: commonUnits,
    goodsCategories: hairCareGoods,
    resources: [
      {
        title: 'Manicure table',
        instances: ['Table 1', 'Table 2'],
        services: ['Classic manicure', 'Gel polish manicure'],
      },
      { title: 'Colouring room', instances: ['Room A'], services: ['Balayage', 'Single-process colour'] },
    ],
    bookingHourUtc: 9,
    salary: {
      staffName: 'Maria Ivanova',
      mode: 'single',
      dateBasis: 'funds_receipt_date',
      discountSplitMode: 'professional_and_business_proportionally',
      costSplitMode: 'subtract_from_payment',
    },
  },
  'Beauty Line — Arbat': {
    settings: { allowOverselling: false, defaultCountryId: 1, showPersonalDataAgreement: true },
    license: { tariff: 'Start', staffLimit: 5, staffSeatMonthlyPrice: 500, daysLeft: 45 },
    paymentMethods: [
      { slug: 'cash', title: 'Cash' },
      { slug: 'card', title: 'Bank card', pinned: true },
    ],
    fieldPins: ['comment'],
    storages: [{ title: 'Cosmetics store', type: 'goods' }],
    accounts: [{ title: 'Front desk cash', type: 'cash', transactions: ['7800.00'] }],
    clientCategories: [
      { title: 'VIP', color: '#c9a227' },
      { title: 'Skin care course', color: '#6a4c93' },
    ],
    customFields: salonCustomFields.slice(0, 3),
    units: commonUnits,
    goodsCategories: hairCareGoods.slice(0, 1),
    resources: [
      {
        title: 'Treatment room',
        instances: ['Cabinet 1', 'Cabinet 2'],
        services: ['Facial cleansing', 'Chemical peel'],
      },
    ],
  },
  'Northern Barbers': {
    paymentMethods: [
      { slug: 'cash', title: 'Cash' },
      { slug: 'card', title: 'Card' },
      { slug: 'sbp', title: 'SBP QR code', pinned: true },
    ],
    fieldPins: [],
    storages: [{ title: 'Barber shop shelf', type: 'goods' }],
    accounts: [
      { title: 'Cash box', type: 'cash', transactions: ['5400.00', '2700.00'] },
      { title: 'Tinkoff account', type: 'bank', transactions: ['31000.00', '-4500.00'] },
    ],
    clientCategories: [
      { title: 'Beard club', color: '#8d5524' },
      { title: 'Student', color: '#3a7bd5' },
    ],
    customFields: [
      {
        parentEntityType: 'client',
        typeSlug: 'select',
        code: 'beard_style',
        title: 'Beard style',
        values: [
          ['full', 'Full beard'],
          ['goatee', 'Goatee'],
          ['stubble', 'Stubble'],
        ],
        showInClientWindow: true,
      },
    ],
    units: commonUnits.slice(0, 2),
    goodsCategories: [
      {
        title: 'Beard care',
        children: [
          {
            title: 'Beard oils',
            goods: [{ title: 'Cedar beard oil 30 ml', article: 'BO-30', price: '1200.00', unit: 'pcs' }],
          },
          {
            title: 'Balms',
            goods: [{ title: 'Beard balm 60 ml', article: 'BB-60', price: '990.00', unit: 'pcs' }],
          },
        ],
      },
    ],
    resources: [
      {
        title: 'Barber chair',
        instances: ['Chair 1', 'Chair 2', 'Chair 3'],
        services: ['Classic haircut', 'Beard trim', 'Haircut and beard', 'Hot towel shave'],
      },
    ],
    bookingHourUtc: 12,
  },
}

/**
 * Adds the demo data of licences, payment methods and pins, payroll settings, resources, storages, accounts,
 * client categories, custom fields, units and goods to the demo companies seeded by seedDemo.
 */
export async function seedBusinessDataDemo(db: Database): Promise<void> {
  const rows = await db
    .select({ id: companies.id, title: companies.title })
    .from(companies)
    .where(inArray(companies.title, Object.keys(seeds)))
  for (const company of rows) await seedCompany(db, company.id, seeds[company.title]!)
}

async function seedCompany(db: Database, companyId: number, seed: CompanyDataSeed): Promise<void> {
  if (seed.settings) await db.insert(companySettings).values({ companyId, ...seed.settings })
  if (seed.license) {
    const now = Date.now()
    await db.insert(licenses).values({
      companyId,
      tariff: seed.license.tariff,
      staffLimit: seed.license.staffLimit,
      staffSeatMonthlyPrice: seed.license.staffSeatMonthlyPrice,
      startsAt: new Date(now - 30 * DAY_MS),
      expiresAt: new Date(now + seed.license.daysLeft * DAY_MS),
    })
  }
  await db.insert(paymentMethods).values(
    seed.paymentMethods.map((method, weight) => ({
      companyId,
      slug: method.slug,
      title: method.title,
      weight,
    })),
  )
  const pinned = seed.paymentMethods.filter((method) => method.pinned)
  if (pinned.length > 0) {
    await db
      .insert(paymentMethodPins)
      .values(pinned.map((method) => ({ companyId, paymentMethodSlug: method.slug, isPinned: true })))
  }
  if (seed.fieldPins.length > 0) {
    await db.insert(attendanceFieldPins).values(seed.fieldPins.map((slug) => ({ companyId, slug })))
  }
  await db.insert(storages).values(seed.storages.map((storage) => ({ companyId, ...storage })))
  for (const account of seed.accounts) {
    const [row] = await db
      .insert(accounts)
      .values({ companyId, title: account.title, type: account.type })
      .returning()
    await db
      .insert(accountTransactions)
      .values(account.transactions.map((amount) => ({ companyId, accountId: row!.id, amount })))
  }
  await db
    .insert(clientCategories)
    .values(seed.clientCategories.map((category) => ({ companyId, ...category })))
  await db.insert(customFields).values(seed.customFields.map((field) => ({ companyId, ...field })))
  const unitRows = await db
    .insert(units)
    .values(seed.units.map((unit) => ({ companyId, ...unit })))
    .returning()
  await seedGoods(db, companyId, seed.goodsCategories, unitRows)
  await seedResources(db, companyId, seed)
  if (seed.salary) {
    const [member] = await db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.companyId, companyId), eq(staff.name, seed.salary.staffName)))
    if (member) await db.insert(salarySettings).values({ companyId, staffId: member.id, ...seed.salary })
  }
}

async function seedGoods(
  db: Database,
  companyId: number,
  tree: GoodsCategorySeed[],
  unitRows: (typeof units.$inferSelect)[],
): Promise<void> {
  for (const [index, root] of tree.entries()) {
    const [rootRow] = await db
      .insert(goodCategories)
      .values({ companyId, title: root.title, weight: index })
      .returning()
    for (const [childIndex, child] of root.children.entries()) {
      const [childRow] = await db
        .insert(goodCategories)
        .values({ companyId, parentCategoryId: rootRow!.id, title: child.title, weight: childIndex })
        .returning()
      await db.insert(goods).values(
        child.goods.map((good) => ({
          companyId,
          categoryId: childRow!.id,
          title: good.title,
          article: good.article,
          price: good.price,
          unitId: unitRows.find((unit) => unit.shortTitle === good.unit)?.id ?? null,
        })),
      )
    }
  }
}

async function seedResources(db: Database, companyId: number, seed: CompanyDataSeed): Promise<void> {
  const serviceRows = await db
    .select({ id: services.id, title: services.title })
    .from(services)
    .where(eq(services.companyId, companyId))
  let firstInstanceId: number | undefined
  for (const resource of seed.resources) {
    const [resourceRow] = await db.insert(resources).values({ companyId, title: resource.title }).returning()
    const instanceRows = await db
      .insert(resourceInstances)
      .values(resource.instances.map((title) => ({ companyId, resourceId: resourceRow!.id, title })))
      .returning()
    firstInstanceId ??= instanceRows[0]?.id
    const linked = serviceRows.filter((service) => resource.services.includes(service.title))
    if (linked.length > 0) {
      await db
        .insert(serviceResources)
        .values(linked.map((service) => ({ companyId, serviceId: service.id, resourceId: resourceRow!.id })))
    }
  }
  if (seed.bookingHourUtc !== undefined && firstInstanceId !== undefined) {
    const start = new Date()
    start.setUTCHours(seed.bookingHourUtc, 0, 0, 0)
    await db.insert(resourceBookings).values({
      companyId,
      instanceId: firstInstanceId,
      recordId: 1001,
      startsAt: start,
      endsAt: new Date(start.getTime() + 60 * 60 * 1000),
    })
  }
}
