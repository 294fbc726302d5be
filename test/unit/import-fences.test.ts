// @vitest-environment node
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * The import fences of eslint.config.js, checked through ESLint itself: each snippet is linted as if it lived at
 * a path of the repository (the file need not exist), so a fence that stops matching its files fails here.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))

let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: root })
})

/** The rule ids ESLint reports for `code` placed at `path` (relative to the repository root). */
async function ruleIdsAt(path: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` })
  return result!.messages.map((message) => message.ruleId)
}

describe('import fences', () => {
  it.each([
    {
      fence: 'the server never imports the app',
      path: 'server/x.ts',
      code: "import { apiRequest } from '../src/api/client'\nexport const x = apiRequest\n",
    },
    {
      fence: 'flow folders never import each other',
      path: 'src/flows/invite/x.ts',
      code: "import { SignInScreen } from '../signin/sign-in-screen'\nexport const x = SignInScreen\n",
    },
    {
      fence: 'the app never imports the scripts',
      path: 'src/app/x.ts',
      code: "import { flowDocs } from '../../scripts/flow-docs'\nexport const x = flowDocs\n",
    },
    {
      fence: 'the app never imports the server',
      path: 'src/app/x.ts',
      code: "import { buildApp } from '../../server/app'\nexport const x = buildApp\n",
    },
    {
      fence: 'machines stay pure',
      path: 'machines/x.ts',
      code: "import { useState } from 'react'\nexport const x = useState\n",
    },
    {
      fence: 'the contract stands on its own',
      path: 'contract/x.ts',
      code: "import { apiRequest } from '../src/api/client'\nexport const x = apiRequest\n",
    },
  ])('refuses an import across a fence: $fence ($path)', async ({ path, code }) => {
    expect(await ruleIdsAt(path, code)).toEqual(['no-restricted-imports'])
  })

  it('lets a flow import the contract', async () => {
    const code =
      "import { envelopeSchema } from '../../../contract/envelope'\nexport const x = envelopeSchema\n"
    expect(await ruleIdsAt('src/flows/invite/x.ts', code)).toEqual([])
  })
})
