import * as v from 'valibot'
import { tokenPairSchema } from '../../../contract/auth/schemas'
import {
  acceptedInviteSchema,
  companyInviteSchema,
  createInviteBodySchema,
  inviteContinueRegisterBodySchema,
  inviteIdParamsSchema,
  inviteTokenParamsSchema,
  lastInviteSchema,
  publicInviteSchema,
} from '../../../contract/invites/schemas'
import type { Operation } from '../operation'

export const invitesOperations: Operation[] = [
  {
    method: 'POST',
    path: '/company/:id/invites',
    summary: 'Sends an invitation by SMS or e-mail',
    body: createInviteBodySchema,
    reply: companyInviteSchema,
    status: 201,
  },
  {
    method: 'GET',
    path: '/company/:id/invites',
    summary: "The company's invitations, newest first, with who sent each",
    reply: v.array(companyInviteSchema),
  },
  {
    method: 'DELETE',
    path: '/company/:id/invites/:inviteId',
    summary: 'Withdraws a pending invitation; its link stops working',
    params: inviteIdParamsSchema,
    reply: companyInviteSchema,
  },
  {
    method: 'POST',
    path: '/company/:id/invites/:inviteId/resend',
    summary: 'A new link, valid for a week, replaces the old one',
    params: inviteIdParamsSchema,
    reply: companyInviteSchema,
  },
  {
    method: 'GET',
    path: '/invites/last',
    summary: 'The invite this browser opened last, for the sign-in screen',
    reply: lastInviteSchema,
  },
  {
    method: 'GET',
    path: '/invites/:token',
    summary: 'Read invite',
    params: inviteTokenParamsSchema,
    reply: publicInviteSchema,
  },
  {
    method: 'POST',
    path: '/invites/:token/accept',
    summary: 'As the signed-in user',
    params: inviteTokenParamsSchema,
    reply: acceptedInviteSchema,
  },
  {
    method: 'POST',
    path: '/user_invite_continue_register/:token',
    summary: "The new account's tokens",
    params: inviteTokenParamsSchema,
    body: inviteContinueRegisterBodySchema,
    reply: tokenPairSchema,
  },
  {
    method: 'POST',
    path: '/invite_delete_last_invite_cookie',
    summary: 'Forget last invite',
    reply: v.null(),
  },
]
