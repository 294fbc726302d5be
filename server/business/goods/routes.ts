import type { FastifyInstance } from 'fastify'
import {
  goodCategoriesQuerySchema,
  goodCategoryParamsSchema,
  goodCategoryQuerySchema,
} from '../../../contract/goods/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { HttpError } from '../../http/http-error'
import { validate } from '../../http/validate'
import { companyRoute } from '../groups/company-route'
import { findGoodCategory, listGoodCategories } from './good-categories'

/** The goods category tree (SPEC.md section 7, "Goods categories"). */
export async function goodsRoutes(app: FastifyInstance): Promise<void> {
  const access = companyRoute('company', 'storages_goods_access')

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
    if (!category) throw new HttpError(404, 'Goods category not found')
    return success(category)
  })
}
