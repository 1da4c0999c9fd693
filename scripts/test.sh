#!/usr/bin/env bash
# The one test command (npm test): lint (layers, import circles, feature boundaries, hooks), the
# format check, the message catalogs against the code, type check, unit and component tests, the API
# suite on embedded PGlite (and on PostgreSQL too when DATABASE_URL is set), the production build
# (which compiles the catalogs, and stops at a message without its Spanish) with its bundle-size budget, and the
# end-to-end suite against the built app on the real server. Every step runs; the command fails if
# any step failed, and ends with one summary line.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports
rm -f reports/*.json

failed=()
step() {
  local name=$1
  shift
  printf '\n== %s\n' "$name"
  if ! "$@"; then failed+=("$name"); fi
}

step "Lint" npm run -s lint
step "Format (npm run format writes it)" npm run -s format:check
step "Message catalogs (npm run i18n:extract writes them)" node scripts/check-catalogs.mjs
step "Type check" npm run -s typecheck
step "Unit and component tests" npx vitest run --project unit \
  --reporter=default --reporter=json --outputFile.json=reports/unit.json
step "API tests on embedded PGlite" env -u DATABASE_URL npx vitest run --project api \
  --reporter=default --reporter=json --outputFile.json=reports/api-pglite.json
if [ -n "${DATABASE_URL:-}" ]; then
  step "API tests on PostgreSQL" npx vitest run --project api \
    --reporter=default --reporter=json --outputFile.json=reports/api-postgres.json
else
  printf '\n(API tests on PostgreSQL skipped: DATABASE_URL is not set)\n'
fi
step "Production build" npm run -s build
step "Bundle size budgets (/login 150 KB, other routes 220 KB)" node scripts/bundle-size.mjs --strict
step "End-to-end tests" npx playwright test

# In CI the summary fails when a test passed only on a retry (flaky).
if ! node scripts/test-summary.mjs; then failed+=("Flaky tests"); fi
if [ ${#failed[@]} -gt 0 ]; then
  printf '\nFailed steps: %s\n' "$(IFS=,; echo "${failed[*]}")"
  exit 1
fi
