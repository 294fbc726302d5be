import { apiLanguageOf, type Language } from '../../../contract/ui-languages'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchInvites, fetchOnboardingReferences, fetchProgress } from './fetchers'
import { fetchBusinessGroups, fetchCountries, searchCities } from './reference-fetchers'

/** Reference data changes with a deploy, not during a visit. */
const referenceStaleTime = 60 * 60 * 1000

/**
 * The onboarding actor writes every status the server answers into this entry, so the screens read
 * the latest progress without asking again.
 */
export const progressQueryOptions = (progressId: number) =>
  queryOptions({
    queryKey: ['onboarding', 'progress', progressId],
    queryFn: () => fetchProgress(progressId),
    staleTime: Infinity,
  })

export const useProgress = (progressId: number | null) =>
  useQuery({ ...progressQueryOptions(progressId ?? 0), enabled: progressId !== null })

/** Loaded by the onboarding actor when the questionnaire ends; create_or_join shows what it found. */
export const invitesQueryOptions = () =>
  queryOptions({ queryKey: ['onboarding', 'invites'], queryFn: fetchInvites, staleTime: Infinity })

export const useInvites = () => useQuery(invitesQueryOptions())

export const onboardingReferencesQueryOptions = (lang: 'ru' | 'en') =>
  queryOptions({
    queryKey: ['onboarding', 'references', lang],
    queryFn: () => fetchOnboardingReferences(lang),
    staleTime: referenceStaleTime,
  })

export const useOnboardingReferences = (language: Language) =>
  useQuery(onboardingReferencesQueryOptions(apiLanguageOf(language)))

export const countriesQueryOptions = (lang: 'ru' | 'en') =>
  queryOptions({
    queryKey: ['countries', lang],
    queryFn: () => fetchCountries(lang),
    staleTime: referenceStaleTime,
  })

export const useCountries = (language: Language) => useQuery(countriesQueryOptions(apiLanguageOf(language)))

export const businessGroupsQueryOptions = (lang: 'ru' | 'en') =>
  queryOptions({
    queryKey: ['business-groups', lang],
    queryFn: () => fetchBusinessGroups(lang),
    staleTime: referenceStaleTime,
  })

export const useBusinessGroups = (language: Language) =>
  useQuery(businessGroupsQueryOptions(apiLanguageOf(language)))

export const citySearchQueryOptions = (term: string, countryId: number | null, lang: 'ru' | 'en') =>
  queryOptions({
    queryKey: ['city-search', term, countryId, lang],
    queryFn: () => searchCities(term, countryId, lang),
    staleTime: referenceStaleTime,
  })

/** Searches from two letters on, as the server requires. */
export const useCitySearch = (term: string, countryId: number | null, language: Language) =>
  useQuery({
    ...citySearchQueryOptions(term.trim(), countryId, apiLanguageOf(language)),
    enabled: term.trim().length >= 2,
  })
