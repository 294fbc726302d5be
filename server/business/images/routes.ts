import fastifyMultipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { serviceImageParamsSchema } from '../../../contract/services/schemas'
import { avatarUploadFieldsSchema, staffParamsSchema } from '../../../contract/staff/schemas'
import { requireCompanyAccess } from '../../access/company-access'
import { authenticate } from '../../http/authenticate'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { auditOf } from '../change-log/request-audit'
import { loadStaffForRequest } from '../staff/staff-scope'
import { attachServiceImage, removeServiceImages } from './service-image'
import { companyPictureParamsSchema, companyPictures } from '../../../contract/companies/profile-schemas'
import { companyRoute } from '../groups/company-route'
import { attachCompanyPicture, removeCompanyPicture } from './company-picture'
import { AVATAR_FIELD, attachEmployeeAvatar, removeEmployeeAvatar } from './employee-avatar'
import { receiveUpload, uploadsDir } from './store-upload'

/**
 * Picture uploads: employee avatars, service images and the company's logo and booking-form header, stored on
 * disk and served from /uploads/.
 */
export async function imageRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  await app.register(fastifyMultipart)
  const root = uploadsDir(app.config)

  // The path names no company: the employee named in the form decides it, and the user must belong to it.
  app.post('/settings/employee/image/upload', { preHandler: authenticate }, async (request) => {
    const upload = await receiveUpload(request, AVATAR_FIELD, 2)
    const fields = validate(avatarUploadFieldsSchema, upload.fields)
    const { row } = await loadStaffForRequest(request, fields.staff_id, {
      flag: 'settings_master_edit_access',
      writable: true,
    })
    return success(
      await attachEmployeeAvatar(
        db,
        root,
        { companyId: row.companyId, staffId: row.id },
        upload,
        auditOf(request),
      ),
    )
  })

  // Beside the upload, the avatar has its own address under the employee, so that it can be taken away.
  app.delete('/staff/:id/avatar', { preHandler: authenticate }, async (request) => {
    const params = validate(staffParamsSchema, request.params)
    const { row } = await loadStaffForRequest(request, params.id, {
      flag: 'settings_master_edit_access',
      writable: true,
    })
    await removeEmployeeAvatar(db, root, { companyId: row.companyId, staffId: row.id }, auditOf(request))
    return success(null)
  })

  // The company's logo and its online booking form's header (SPEC.md section 3, media entities salon and
  // booking_form_appearance_header), changed by whoever may edit the company's profile.
  const pictureRoute = companyRoute('id', 'options_company_edit_access')
  app.post('/company/:id/images/:kind', pictureRoute, async (request) => {
    const params = validate(companyPictureParamsSchema, request.params)
    const upload = await receiveUpload(request, companyPictures[params.kind].field)
    return success(
      await attachCompanyPicture(
        db,
        root,
        { companyId: params.id, kind: params.kind },
        upload,
        auditOf(request),
      ),
    )
  })
  app.delete('/company/:id/images/:kind', pictureRoute, async (request) => {
    const params = validate(companyPictureParamsSchema, request.params)
    await removeCompanyPicture(db, root, { companyId: params.id, kind: params.kind }, auditOf(request))
    return success(null)
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
