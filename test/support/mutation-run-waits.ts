import { configure } from '@testing-library/react'

// A mutation run shares the machine with other work and keeps it busy itself: at a load of 20 on two cores, a screen
// the suites wait for (the home after a second factor, for example) took longer than setup-dom.ts's 5 s, and the
// initial run failed on a screen that was right. Only vitest.mutation.config.ts loads this file; a wrong screen still
// fails, later. MUTATION_WAIT_MS sets the wait (15 s unless told).
configure({ asyncUtilTimeout: Number(process.env.MUTATION_WAIT_MS ?? 15_000) })
