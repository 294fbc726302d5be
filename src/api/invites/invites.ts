import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest } from '../client'
import { ApiError } from '../api-error'
import { tokenPairSchema, type TokenPair } from '../../../contract/auth/schemas'
import {
  acceptedInviteSchema,
  companyInviteSchema,
  type CompanyInvite,
  type CreateInviteBody,
  lastInviteSchema,
  publicInviteSchema,
  type InviteContinueRegisterBody,
  type LastInvite,
  type PublicInvite,
} from '../../../contract/invites/schemas'

/** GET /invites/{token} */
export function fetchInvite(token: string): Promise<PublicInvite> {
  // No token names no invitation: answered as the server answers an unknown one, without asking it.
  if (token === '') return Promise.reject(new ApiError('Invite not found', { status: 404 }))
  return apiRequest(`/invites/${encodeURIComponent(token)}`, { schema: publicInviteSchema, auth: false })
}

/**
 * The invitation a link names, loaded with its route. Not kept once stale: an invitation can be used, withdrawn
 * or expire while the page is closed.
 */
export const inviteQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['invites', 'public', token], queryFn: () => fetchInvite(token), staleTime: 0 })

/** POST /invites/{token}/accept, as the signed-in user. */
export function acceptInvite(token: string): Promise<{ company_id: number; role: string }> {
  return apiRequest(`/invites/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    schema: acceptedInviteSchema,
  })
}

/** POST /user_invite_continue_register/{token}: the new account's tokens. */
export function registerThroughInvite(token: string, form: InviteContinueRegisterBody): Promise<TokenPair> {
  return apiRequest(`/user_invite_continue_register/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: form,
    schema: tokenPairSchema,
    auth: false,
  })
}

/** GET /invites/last: the invite this browser opened last, for the sign-in screen. */
export function fetchLastInvite(): Promise<LastInvite> {
  return apiRequest('/invites/last', { schema: lastInviteSchema, auth: false })
}

export const lastInviteQueryOptions = () =>
  queryOptions({ queryKey: ['invites', 'last'], queryFn: fetchLastInvite })

/** POST /invite_delete_last_invite_cookie */
export async function forgetLastInvite(): Promise<void> {
  await apiRequest('/invite_delete_last_invite_cookie', { method: 'POST', schema: v.null(), auth: false })
}

/** POST /company/{id}/invites: sends an invitation by SMS or e-mail. */
export function createInvite(companyId: number, body: CreateInviteBody): Promise<CompanyInvite> {
  return apiRequest(`/company/${companyId}/invites`, { method: 'POST', body, schema: companyInviteSchema })
}

/** Sends an invitation; the company's invite list, where a screen shows one, is read again. */
export function useCreateInvite(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateInviteBody) => createInvite(companyId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invites', companyId] }),
  })
}

/** GET /company/{id}/invites: the company's invitations, newest first, with who sent each. */
export function fetchCompanyInvites(companyId: number): Promise<CompanyInvite[]> {
  return apiRequest(`/company/${companyId}/invites`, { schema: v.array(companyInviteSchema) })
}

export const companyInvitesQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['invites', companyId], queryFn: () => fetchCompanyInvites(companyId) })

export const useCompanyInvites = (companyId: number) => useQuery(companyInvitesQueryOptions(companyId))

/** DELETE /company/{id}/invites/{inviteId}: withdraws a pending invitation; its link stops working. */
export function withdrawInvite(companyId: number, inviteId: number): Promise<CompanyInvite> {
  return apiRequest(`/company/${companyId}/invites/${inviteId}`, {
    method: 'DELETE',
    schema: companyInviteSchema,
  })
}

/** POST /company/{id}/invites/{inviteId}/resend: a new link, valid for a week, replaces the old one. */
export function resendInvite(companyId: number, inviteId: number, lang: 'ru' | 'en'): Promise<CompanyInvite> {
  return apiRequest(`/company/${companyId}/invites/${inviteId}/resend`, {
    method: 'POST',
    body: { lang },
    schema: companyInviteSchema,
  })
}

export function useWithdrawInvite(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (inviteId: number) => withdrawInvite(companyId, inviteId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invites', companyId] }),
  })
}

export function useResendInvite(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ inviteId, lang }: { inviteId: number; lang: 'ru' | 'en' }) =>
      resendInvite(companyId, inviteId, lang),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invites', companyId] }),
  })
}
