import fastifyMultipart from '@fastify/multipart'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { idParamSchema } from '../../../contract/id-params'
import { serviceImageParamsSchema } from '../../../contract/services/schemas'
import { requireCompanyAccess } from '../../access/company-access'
import { staff } from '../../db/schema'
import { authenticate } from '../../http/authenticate'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { auditOf } from '../change-log/request-audit'
import { loadStaffForRequest } from '../staff/staff-scope'
import { attachServiceImage, removeServiceImages } from './service-image'
import { receiveUpload, storeImage, uploadsDir } from './store-upload'

const avatarFieldsSchema = v.looseObject({ staff_id: idParamSchema })

/** Picture uploads: employee avatars and service images, stored on disk and served from /uploads/. */
export async function imageRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  await app.register(fastifyMultipart)
  const root = uploadsDir(app.config)

  // The path names no company: the employee named in the form decides it, and the user must belong to it.
  app.post('/settings/employee/image/upload', { preHandler: authenticate }, async (request) => {
    const upload = await receiveUpload(request, 'avatar')
    const fields = validate(avatarFieldsSchema, upload.fields)
    const { row } = await loadStaffForRequest(request, fields.staff_id, {
      flag: 'settings_master_edit_access',
      writable: true,
    })
    const group = await storeImage(
      db,
      root,
      { companyId: row.companyId, entity: 'master', entityId: row.id },
      'avatar',
      upload,
    )
    await db.update(staff).set({ imageGroupId: group.id }).where(eq(staff.id, row.id))
    return success(group)
  })

  app.post(
    '/services/:companyId/:serviceId/image',
    {
      preHandler: [
        authenticate,
        requireCompanyAccess({ param: 'companyId', flag: 'settings_services_edit_access' }),
      ],
    },
    async (request) => {
      const params = validate(serviceImageParamsSchema, request.params)
      const upload = await receiveUpload(request, 'image')
      return success(
        await attachServiceImage(
          db,
          root,
          { companyId: params.companyId, serviceId: params.serviceId },
          upload,
          auditOf(request),
        ),
      )
    },
  )

  // SPEC.md section 3 names delete_image on the service; the picture has its own address here, beside its upload.
  app.delete(
    '/services/:companyId/:serviceId/image',
    {
      preHandler: [
        authenticate,
        requireCompanyAccess({ param: 'companyId', flag: 'settings_services_edit_access' }),
      ],
    },
    async (request) => {
      const params = validate(serviceImageParamsSchema, request.params)
      await removeServiceImages(
        db,
        root,
        { companyId: params.companyId, serviceId: params.serviceId },
        auditOf(request),
      )
      return success(null)
    },
  )
}
