import { describe, expect, it } from 'vitest'
import { splitStatements } from './sql-split.ts'

describe('splitStatements', () => {
  it.each([
    ['two statements', 'select 1; select 2;', ['select 1', 'select 2']],
    ['semicolons in strings and identifiers', `select 'a;b', "c;d";`, [`select 'a;b', "c;d"`]],
    ['escaped quotes', `select 'it''s; fine';`, [`select 'it''s; fine'`]],
    [
      'dollar-quoted bodies',
      'create function f() returns int as $$ begin return 1; end $$ language plpgsql; select 1;',
      ['create function f() returns int as $$ begin return 1; end $$ language plpgsql', 'select 1'],
    ],
    [
      'tagged dollar quotes',
      'do $x$ begin perform 1; end $x$;',
      ['do $x$ begin perform 1; end $x$'],
    ],
    [
      'comments',
      '-- a; comment\nselect 1; /* b; c */ select 2;',
      ['-- a; comment\nselect 1', '/* b; c */ select 2'],
    ],
    ['comment-only tail', 'select 1;\n-- done;\n', ['select 1']],
    [
      'positional parameters are not dollar quotes',
      'select $1; select 2;',
      ['select $1', 'select 2'],
    ],
  ])('%s', (_name, sql, expected) => {
    expect(splitStatements(sql)).toEqual(expected)
  })
})
