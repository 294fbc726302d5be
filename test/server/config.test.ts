import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'

const SECRET = 'x'.repeat(40)

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' })
    expect(config.PORT).toBe(8080)
    expect(config.HOST).toBe('0.0.0.0')
    expect(config.PUBLIC_ORIGIN).toBe('http://localhost:8080')
    expect(config.ACCESS_TOKEN_TTL_SEC).toBe(900)
    expect(config.REFRESH_TOKEN_TTL_SEC).toBe(30 * 24 * 60 * 60)
    expect(config.REFRESH_REUSE_GRACE_SEC).toBe(10)
    expect(config.EMBED_PARENT_ORIGINS).toEqual([])
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(32)
  })

  it('names every bad variable in one error', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        PORT: 'eighty',
        EMBED_PARENT_ORIGINS: 'https://admin.example.com, https://bad.example.com/path',
        JWT_SECRET: SECRET,
      }),
    ).toThrow(/PORT[\s\S]*EMBED_PARENT_ORIGINS.*bad\.example\.com\/path/)
  })

  it('refuses an out-of-range port', () => {
    expect(() => loadConfig({ PORT: '70000', JWT_SECRET: SECRET, NODE_ENV: 'test' })).toThrow(
      /PORT: must be at most/,
    )
  })

  it('accepts a list of exact origins for embedding', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: SECRET,
      EMBED_PARENT_ORIGINS: 'https://admin.example.com,http://localhost:3000',
    })
    expect(config.EMBED_PARENT_ORIGINS).toEqual(['https://admin.example.com', 'http://localhost:3000'])
  })

  it.each(['*', 'https://*.example.com', 'https://admin.example.com/', 'HTTPS://Admin.example.com', 'null'])(
    'refuses %s as a parent origin for embedding: only exact origins are trusted',
    (origin) => {
      expect(() =>
        loadConfig({ NODE_ENV: 'test', JWT_SECRET: SECRET, EMBED_PARENT_ORIGINS: origin }),
      ).toThrow(/EMBED_PARENT_ORIGINS/)
    },
  )

  it('refuses to start in production without a data encryption key, or with the signing key as one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET })).toThrow(
      /DATA_ENCRYPTION_KEY: is required in production/,
    )
    expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET: SECRET, DATA_ENCRYPTION_KEY: SECRET })).toThrow(
      /DATA_ENCRYPTION_KEY: must differ from JWT_SECRET/,
    )
  })

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: is required in production/)
  })

  it('refuses to start in production without an e-mail and an SMS transport, naming each', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      DATA_ENCRYPTION_KEY: 'd'.repeat(40),
      DATA_DIR: 'memory://',
    }
    expect(() => loadConfig(production)).toThrow(
      /SMTP_URL: is required in production[\s\S]*SMS_PROVIDER_URL: is required/,
    )
    expect(() => loadConfig({ ...production, SMTP_URL: 'smtp://mail.example.com' })).toThrow(
      /SMS_PROVIDER_URL: is required in production/,
    )
    expect(() => loadConfig({ ...production, SMS_PROVIDER_URL: 'https://sms.example.com/send' })).toThrow(
      /SMTP_URL: is required in production/,
    )
    const both = loadConfig({
      ...production,
      SMTP_URL: 'smtp://mail.example.com',
      SMS_PROVIDER_URL: 'https://sms.example.com/send',
    })
    expect(both.SMTP_URL).toBe('smtp://mail.example.com')
  })

  it('refuses a short JWT_SECRET without echoing it', () => {
    let message = ''
    try {
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short-secret-value' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/JWT_SECRET: must be at least 32 characters/)
    expect(message).not.toContain('short-secret-value')
  })

  it('refuses a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'mysql://x', JWT_SECRET: SECRET })).toThrow(
      /DATABASE_URL/,
    )
  })

  it('keeps a generated development secret in DATA_DIR/secrets.json, readable by the owner only', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'salon-config-'))
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir })
    const second = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir })
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET)
    const file = join(dataDir, 'secrets.json')
    expect(JSON.parse(readFileSync(file, 'utf8')).JWT_SECRET).toBe(first.JWT_SECRET)
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })
})
