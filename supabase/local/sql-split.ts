// Splits a SQL script into statements the way the Supabase CLI records them in
// supabase_migrations.schema_migrations.statements: on semicolons outside quotes, dollar-quoted
// bodies and comments. Only for the record; scripts are executed whole.
export function splitStatements(sql: string): string[] {
  const out: string[] = []
  let start = 0
  let i = 0
  const n = sql.length
  const push = (end: number) => {
    const text = sql.slice(start, end).trim()
    if (text && !isOnlyComments(text)) out.push(text)
  }
  while (i < n) {
    const c = sql[i]!
    const next = sql[i + 1]
    if (c === '-' && next === '-') {
      const eol = sql.indexOf('\n', i)
      i = eol === -1 ? n : eol + 1
    } else if (c === '/' && next === '*') {
      i = skipBlockComment(sql, i)
    } else if (c === "'" || c === '"') {
      i = skipQuoted(sql, i, c)
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i, i + 64))
      if (tag && !/[\w$]/.test(sql[i - 1] ?? ' ')) {
        const close = sql.indexOf(tag[0], i + tag[0].length)
        i = close === -1 ? n : close + tag[0].length
      } else {
        i++
      }
    } else if (c === ';') {
      push(i)
      start = i + 1
      i++
    } else {
      i++
    }
  }
  push(n)
  return out
}

function skipBlockComment(sql: string, from: number): number {
  let depth = 0
  let i = from
  while (i < sql.length) {
    if (sql[i] === '/' && sql[i + 1] === '*') {
      depth++
      i += 2
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      depth--
      i += 2
      if (depth === 0) return i
    } else {
      i++
    }
  }
  return i
}

function skipQuoted(sql: string, from: number, quote: string): number {
  let i = from + 1
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2
      else return i + 1
    } else {
      i++
    }
  }
  return i
}

function isOnlyComments(text: string): boolean {
  return (
    text
      .replace(/--[^\n]*/g, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim() === ''
  )
}
