import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { companiesFetchCount, companiesSchema, companySchema } from '../../../contract/companies/schemas'

/** GET /companies?count=1000&my=1: the signed-in user's companies. */
export function fetchMyCompanies() {
  return apiRequest('/companies', { query: { count: companiesFetchCount, my: 1 }, schema: companiesSchema })
}

export const myCompaniesQueryOptions = () =>
  queryOptions({ queryKey: ['companies', 'my'], queryFn: fetchMyCompanies })

export const useMyCompanies = () => useQuery(myCompaniesQueryOptions())

/** GET /company/{id}/ */
export function fetchCompany(id: number) {
  return apiRequest(`/company/${id}/`, { schema: companySchema })
}

export const companyQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['company', id], queryFn: () => fetchCompany(id) })

export const useCompany = (id: number) => useQuery(companyQueryOptions(id))
