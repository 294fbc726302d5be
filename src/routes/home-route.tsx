import { createRoute } from '@tanstack/react-router'
import { HomeScreen } from '../flows/home/home-screen'
import { languageRoute } from './language-route'

/** The signed-in user's home: their company, or a 'no companies yet' page. */
export const homeRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: '/',
  staticData: { area: 'private' },
  component: HomeScreen,
})
