import type { FastifyInstance } from 'fastify'
import {
  goodCategoriesQuerySchema,
  goodCategoryCreateSchema,
  goodCategoryParamsSchema,
  goodCategoryQuerySchema,
  goodCategoryUpdateSchema,
} from '../../../contract/goods/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { HttpError } from '../../http/http-error'
import { validate } from '../../http/validate'
import { auditOf } from '../change-log/request-audit'
import { companyRoute } from '../groups/company-route'
import { findGoodCategory, listGoodCategories } from './good-categories'
import { createGoodCategory, deleteGoodCategory, updateGoodCategory } from './good-category-writes'

/**
 * The goods category tree (SPEC.md section 7, "Goods categories"). Reading needs storages_goods_access; creating,
 * renaming, moving and deleting need storages_goods_categories_access, the catalogue's flag for the categories.
 */
export async function goodsRoutes(app: FastifyInstance): Promise<void> {
  const access = companyRoute('company', 'storages_goods_access')
  const edit = companyRoute('company', 'storages_goods_categories_access')

  app.get('/companies/:company/good_categories', access, async (request) => {
    const query = validate(goodCategoriesQuerySchema, request.query)
    const categories = await listGoodCategories(app.db, requireMembership(request).companyId, {
      parentId: query['filter[parent_category_id]'],
      include: query.include,
    })
    return success(categories)
  })

  app.get('/companies/:company/good_categories/:categoryId', access, async (request) => {
    const { categoryId } = validate(goodCategoryParamsSchema, request.params)
    const query = validate(goodCategoryQuerySchema, request.query)
    const category = await findGoodCategory(
      app.db,
      requireMembership(request).companyId,
      categoryId,
      query.include,
    )
    if (!category) throw new HttpError(404, /*i18n*/ 'Goods category not found')
    return success(category)
  })

  app.post('/companies/:company/good_categories', edit, async (request, reply) => {
    const body = validate(goodCategoryCreateSchema, request.body)
    const category = await createGoodCategory(
      app.db,
      requireMembership(request).companyId,
      body,
      auditOf(request),
    )
    reply.status(201)
    return success(category)
  })

  app.put('/companies/:company/good_categories/:categoryId', edit, async (request) => {
    const { categoryId } = validate(goodCategoryParamsSchema, request.params)
    const body = validate(goodCategoryUpdateSchema, request.body)
    return success(
      await updateGoodCategory(
        app.db,
        requireMembership(request).companyId,
        categoryId,
        body,
        auditOf(request),
      ),
    )
  })

  app.delete('/companies/:company/good_categories/:categoryId', edit, async (request) => {
    const { categoryId } = validate(goodCategoryParamsSchema, request.params)
    await deleteGoodCategory(app.db, requireMembership(request).companyId, categoryId, auditOf(request))
    return success(null)
  })
}
