import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

/*
 * Finds the texts the server can send to people that are not marked for translation with `/*i18n*\/`
 * (server/i18n/server-messages.ts). A text is a message when it reaches one of these places:
 * - the message of `new HttpError(status, message)` or of `localizedFailure(request, message)`;
 * - a field message: an element of the arrays of a `fieldErrors: { field: [...] }` object;
 * - the message argument of a valibot action or schema (`v.minLength(1, message)`, `v.string(message)`).
 * It is followed back through constants (in the file or imported), conditionals, functions that return it and
 * the parameters of helpers (`invalid(field, message)`: every call's argument is then a message), and into the
 * text of `fieldText(text, values)` (contract/field-text.ts). A text built
 * from pieces (a template with `${…}`, a `+`) is reported too: a sentence is written whole, with placeholders.
 * Read syntactically (no type checker), so a message that travels through an object's property is not followed.
 */

export interface UnmarkedMessage {
  file: string
  line: number
  /** Where the text starts in its file (characters). */
  start: number
  text: string
  why: 'unmarked' | 'built from pieces'
}

/** How many leading arguments of each valibot function are not its message (`v.minLength(1, message)`: one). */
const valibotRequirements: Record<string, number> = {
  string: 0,
  number: 0,
  boolean: 0,
  bigint: 0,
  date: 0,
  null: 0,
  undefined: 0,
  blob: 0,
  file: 0,
  nan: 0,
  integer: 0,
  safeInteger: 0,
  finite: 0,
  email: 0,
  rfcEmail: 0,
  uuid: 0,
  url: 0,
  isoDate: 0,
  isoDateTime: 0,
  isoTime: 0,
  isoTimestamp: 0,
  isoTimeSecond: 0,
  isoWeek: 0,
  nonEmpty: 0,
  empty: 0,
  digits: 0,
  hexadecimal: 0,
  ipv4: 0,
  ipv6: 0,
  ip: 0,
  base64: 0,
  creditCard: 0,
  decimal: 0,
  emoji: 0,
  minLength: 1,
  maxLength: 1,
  length: 1,
  minValue: 1,
  maxValue: 1,
  gtValue: 1,
  ltValue: 1,
  value: 1,
  notValue: 1,
  minSize: 1,
  maxSize: 1,
  minBytes: 1,
  maxBytes: 1,
  minWords: 2,
  maxWords: 2,
  minGraphemes: 1,
  maxGraphemes: 1,
  multipleOf: 1,
  regex: 1,
  startsWith: 1,
  endsWith: 1,
  includes: 1,
  excludes: 1,
  mimeType: 1,
  check: 1,
  checkItems: 1,
  someItem: 1,
  everyItem: 1,
  custom: 1,
  picklist: 1,
  enum: 1,
  literal: 1,
  instance: 1,
  object: 1,
  strictObject: 1,
  looseObject: 1,
  objectWithRest: 2,
  array: 1,
  tuple: 1,
  strictTuple: 1,
  looseTuple: 1,
  tupleWithRest: 2,
  record: 2,
  map: 2,
  set: 1,
  union: 1,
  variant: 2,
  intersect: 1,
  partialCheck: 2,
  notValues: 1,
  values: 1,
}

/** Files whose messages are read by whoever runs the server, not by the salon: the environment's check. */
const NOT_FOR_USERS = ['server/config.ts']

type Position = { file: string; node: ts.Expression }

/** Every `.ts` file under the folders, tests and declarations aside. */
function sourceFiles(folders: string[]): string[] {
  const files: string[] = []
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name) && !/\.(d|test)\.tsx?$/.test(entry.name)) files.push(path)
    }
  }
  folders.filter((folder) => existsSync(folder)).forEach(walk)
  return files.sort()
}

/** Whether the comment `/*i18n*\/` stands right before the text (between it and what precedes it). */
const isMarked = (source: ts.SourceFile, node: ts.Node) =>
  /\/\*\s*i18n\s*\*\/\s*$/.test(source.text.slice(node.pos, node.getStart()))

type FunctionNode = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression

/** The unmarked messages of the server's and the contract's sources (paths relative to `root`). */
export function unmarkedServerMessages(
  root = '.',
  folders = ['server', 'contract'],
  exclude = NOT_FOR_USERS,
): UnmarkedMessage[] {
  const excluded = new Set(exclude.map((file) => resolve(root, file)))
  const files = sourceFiles(folders.map((folder) => resolve(root, folder))).filter(
    (file) => !excluded.has(file),
  )
  const sources = new Map(
    files.map((file) => [
      file,
      ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
    ]),
  )

  /** A name's declaration in a file: a const's initializer or a function, followed through imports. */
  function declarationOf(
    file: string,
    name: string,
    seen = new Set<string>(),
  ): { file: string; node: ts.Expression | FunctionNode } | undefined {
    const key = `${file}#${name}`
    if (seen.has(key)) return undefined
    seen.add(key)
    const source = sources.get(file)
    if (!source) return undefined
    for (const statement of source.statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name?.text === name)
        return { file, node: statement }
      if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations)
          if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer)
            return { file, node: declaration.initializer }
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        const bindings = statement.importClause?.namedBindings
        if (!bindings || !ts.isNamedImports(bindings)) continue
        const element = bindings.elements.find((item) => item.name.text === name)
        if (!element) continue
        const target = resolve(dirname(file), statement.moduleSpecifier.text)
        const targetFile = [`${target}.ts`, `${target}.tsx`, join(target, 'index.ts')].find((path) =>
          sources.has(path),
        )
        return targetFile
          ? declarationOf(targetFile, (element.propertyName ?? element.name).text, seen)
          : undefined
      }
    }
    return undefined
  }

  /** The local declaration a name refers to inside a function: a parameter of an enclosing one, or a const. */
  function localOf(
    node: ts.Identifier,
  ): { parameter: [FunctionNode, number] } | { value: ts.Expression } | undefined {
    for (let scope: ts.Node | undefined = node.parent; scope; scope = scope.parent) {
      if (ts.isFunctionDeclaration(scope) || ts.isArrowFunction(scope) || ts.isFunctionExpression(scope)) {
        const index = scope.parameters.findIndex(
          (parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === node.text,
        )
        if (index >= 0) return { parameter: [scope, index] }
      }
      if (ts.isBlock(scope))
        for (const statement of scope.statements)
          if (ts.isVariableStatement(statement))
            for (const declaration of statement.declarationList.declarations)
              if (
                ts.isIdentifier(declaration.name) &&
                declaration.name.text === node.text &&
                declaration.initializer
              )
                return { value: declaration.initializer }
    }
    return undefined
  }

  const found = new Map<string, UnmarkedMessage>()
  const visited = new Set<ts.Node>()
  const helpers = new Map<FunctionNode, Set<number>>()
  const queue: Position[] = []

  const report = (file: string, node: ts.Node, why: UnmarkedMessage['why']) => {
    const source = sources.get(file)!
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1
    const text = node.getText()
    found.set(`${file}:${node.getStart()}`, {
      file: relative(root, file),
      line,
      start: node.getStart(),
      text,
      why,
    })
  }

  const enqueueHelperArgument = (fn: FunctionNode, index: number) => {
    const indexes = helpers.get(fn) ?? new Set<number>()
    if (indexes.has(index)) return
    indexes.add(index)
    helpers.set(fn, indexes)
    const initializer = fn.parameters[index]?.initializer
    const file = fn.getSourceFile().fileName
    if (initializer) queue.push({ file, node: initializer })
  }

  function follow({ file, node }: Position) {
    if (visited.has(node)) return
    visited.add(node)
    const source = sources.get(file)!
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!isMarked(source, node) && /[A-Za-z]{2}/.test(node.text)) report(file, node, 'unmarked')
    } else if (ts.isTemplateExpression(node)) {
      report(file, node, 'built from pieces')
    } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      report(file, node, 'built from pieces')
    } else if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)
    ) {
      queue.push({ file, node: node.left }, { file, node: node.right })
    } else if (ts.isConditionalExpression(node)) {
      queue.push({ file, node: node.whenTrue }, { file, node: node.whenFalse })
    } else if (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node)
    ) {
      queue.push({ file, node: node.expression })
    } else if (ts.isArrayLiteralExpression(node)) {
      node.elements.forEach((element) => queue.push({ file, node: element }))
    } else if (ts.isIdentifier(node)) {
      const local = localOf(node)
      if (local && 'parameter' in local) enqueueHelperArgument(...local.parameter)
      else if (local) queue.push({ file, node: local.value })
      else {
        const declared = declarationOf(file, node.text)
        if (declared && !ts.isFunctionDeclaration(declared.node))
          queue.push({ file: declared.file, node: declared.node as ts.Expression })
      }
    } else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'fieldText'
    ) {
      // A field message with values (contract/field-text.ts): its text is the message.
      if (node.arguments[0]) queue.push({ file, node: node.arguments[0] })
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      // A function that returns the message: what it returns is one.
      const local = localOf(node.expression)
      const declared =
        local && 'value' in local
          ? { file, node: local.value }
          : local
            ? undefined
            : declarationOf(file, node.expression.text)
      const fn = declared?.node
      if (fn && (ts.isFunctionDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) {
        const returned: ts.Expression[] = []
        if (fn.body && !ts.isBlock(fn.body)) returned.push(fn.body)
        else
          fn.body?.forEachChild(function collect(child) {
            if (ts.isReturnStatement(child) && child.expression) returned.push(child.expression)
            else if (!ts.isFunctionLike(child)) child.forEachChild(collect)
          })
        returned.forEach((expression) => queue.push({ file: declared.file, node: expression }))
      }
    }
  }

  /** A call's callee as a function of the sources, when it is one by name. */
  const calleeOf = (file: string, call: ts.CallExpression): FunctionNode | undefined => {
    if (!ts.isIdentifier(call.expression)) return undefined
    const local = localOf(call.expression)
    const declared =
      local && 'value' in local
        ? { node: local.value }
        : local
          ? undefined
          : declarationOf(file, call.expression.text)
    const fn = declared?.node
    return fn && (ts.isFunctionDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))
      ? fn
      : undefined
  }

  // The places a message is sent from.
  const calls: { file: string; call: ts.CallExpression }[] = []
  for (const [file, source] of sources) {
    source.forEachChild(function visit(node) {
      if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'HttpError'
      ) {
        const message = node.arguments?.[1]
        if (message) queue.push({ file, node: message })
      }
      if (ts.isCallExpression(node)) {
        calls.push({ file, call: node })
        const callee = node.expression
        if (ts.isIdentifier(callee) && callee.text === 'localizedFailure' && node.arguments[1])
          queue.push({ file, node: node.arguments[1] })
        if (
          ts.isPropertyAccessExpression(callee) &&
          ts.isIdentifier(callee.expression) &&
          callee.expression.text === 'v'
        ) {
          const requirements = valibotRequirements[callee.name.text.replace(/_$/, '')]
          const message = requirements === undefined ? undefined : node.arguments[requirements]
          if (message) queue.push({ file, node: message })
        }
      }
      if (
        ts.isPropertyAssignment(node) &&
        (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
        node.name.text === 'fieldErrors' &&
        ts.isObjectLiteralExpression(node.initializer)
      ) {
        for (const property of node.initializer.properties)
          if (ts.isPropertyAssignment(property)) queue.push({ file, node: property.initializer })
      }
      node.forEachChild(visit)
    })
  }

  // Follow until nothing new: each new helper parameter makes its calls' arguments messages.
  let helperCount = -1
  while (queue.length > 0 || helperCount !== [...helpers.values()].reduce((sum, set) => sum + set.size, 0)) {
    while (queue.length > 0) follow(queue.shift()!)
    helperCount = [...helpers.values()].reduce((sum, set) => sum + set.size, 0)
    for (const { file, call } of calls) {
      const fn = calleeOf(file, call)
      const indexes = fn && helpers.get(fn)
      if (!indexes) continue
      for (const index of indexes) {
        const argument = call.arguments[index]
        if (argument && !visited.has(argument)) queue.push({ file, node: argument })
      }
    }
  }
  return [...found.values()].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const messages = unmarkedServerMessages()
  for (const message of messages)
    console.log(`${message.file}:${message.line} ${message.why}: ${message.text}`)
  console.log(`${messages.length} unmarked`)
}
