#!/usr/bin/env bash
# Install the pgvector extension for the local PostgreSQL 15 by building
# Debian trixie's pgvector source package (bookworm has no pgvector package).
# The machine's own apt sources are never modified: trixie deb-src is fetched
# through a private sources list / lists / cache in a temporary directory.
set -euo pipefail

PG_MAJOR=15
PG_CONFIG="/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config"
PGHOST="${PGHOST:-127.0.0.1}"
PGUSER="${PGUSER:-postgres}"
PGDATABASE="${PGDATABASE:-test}"
PSQL=(psql -h "$PGHOST" -U "$PGUSER" -d "$PGDATABASE" -X -v ON_ERROR_STOP=1)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

# ---- 1. fast path: already installed ------------------------------------
if command -v psql >/dev/null 2>&1 &&
   [ "$("${PSQL[@]}" -tAc "select 1 from pg_available_extensions where name='vector'" 2>/dev/null || true)" = "1" ]; then
  echo "pgvector already available in PostgreSQL ${PG_MAJOR} (${PGHOST}/${PGDATABASE}); nothing to do."
  exit 0
fi
if [ -x "$PG_CONFIG" ] && [ -f "$("$PG_CONFIG" --sharedir)/extension/vector.control" ]; then
  echo "pgvector already installed ($("$PG_CONFIG" --sharedir)/extension/vector.control); nothing to do."
  exit 0
fi

start=$SECONDS
export DEBIAN_FRONTEND=noninteractive

# ---- 2. build dependencies ----------------------------------------------
echo ">> Installing build dependencies (postgresql-server-dev-${PG_MAJOR}, build-essential, dpkg-dev)..."
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  "postgresql-server-dev-${PG_MAJOR}" build-essential dpkg-dev >/dev/null

# ---- 3. fetch trixie's pgvector source via a private apt configuration --
tmp="$(mktemp -d /tmp/pgvector-build.XXXXXX)"
cleanup() { $SUDO rm -rf "$tmp"; }
trap cleanup EXIT

# Use the same mirror host as the machine's own Debian sources.
mirror="http://deb.debian.org/debian"
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] || continue
  m="$(grep -Ev '^[[:space:]]*#' "$f" | grep -Eo 'https?://[^ ]+/debian/?( |$)' | head -n1 | tr -d ' ' || true)"
  if [ -n "$m" ]; then mirror="${m%/}"; break; fi
done

keyring=/usr/share/keyrings/debian-archive-keyring.gpg
mkdir -p "$tmp/lists/partial" "$tmp/cache/archives/partial" "$tmp/parts" "$tmp/src"
echo "deb-src [signed-by=${keyring}] ${mirror} trixie main" > "$tmp/sources.list"
# Let apt's unprivileged download user write into the private dirs.
if [ "$(id -u)" -eq 0 ] && id _apt >/dev/null 2>&1; then chown -R _apt "$tmp"; fi
chmod 755 "$tmp"

APT_PRIVATE=(
  -o "Dir::Etc::SourceList=$tmp/sources.list"
  -o "Dir::Etc::SourceParts=$tmp/parts"
  -o "Dir::State::Lists=$tmp/lists"
  -o "Dir::Cache=$tmp/cache"
)

echo ">> Fetching pgvector source package from ${mirror} trixie (signature-verified)..."
$SUDO apt-get "${APT_PRIVATE[@]}" update -qq
( cd "$tmp/src" && $SUDO apt-get "${APT_PRIVATE[@]}" source --download-only -qq pgvector )
dsc="$(ls "$tmp"/src/pgvector_*.dsc | head -n1)"
echo ">> Unpacking $(basename "$dsc")..."
# Note: apt already verified the .dsc/tarball checksums against the signed
# trixie Release; dpkg-source's "Can't check signature" about the uploader's
# key (debian-keyring not installed) is expected and harmless.
( cd "$tmp/src" && $SUDO dpkg-source -q -x "$dsc" pgvector >/dev/null )

# ---- 4. build and install -----------------------------------------------
echo ">> Building pgvector against $("$PG_CONFIG" --version)..."
# OPTFLAGS="" avoids -march=native so the binary stays portable.
$SUDO make -s -C "$tmp/src/pgvector" PG_CONFIG="$PG_CONFIG" OPTFLAGS="" -j"$(nproc)" >/dev/null
$SUDO make -s -C "$tmp/src/pgvector" PG_CONFIG="$PG_CONFIG" OPTFLAGS="" install >/dev/null

# ---- 5. verify ------------------------------------------------------------
"${PSQL[@]}" -qc "CREATE EXTENSION IF NOT EXISTS vector" >/dev/null
dist="$("${PSQL[@]}" -tAc "SELECT '[1,2,3]'::vector <-> '[1,2,4]'::vector")"
ver="$("${PSQL[@]}" -tAc "SELECT extversion FROM pg_extension WHERE extname='vector'")"
if [ "$dist" != "1" ]; then
  echo "ERROR: unexpected vector distance result: '$dist'" >&2
  exit 1
fi
echo "OK: pgvector ${ver} installed for PostgreSQL ${PG_MAJOR} and verified in database '${PGDATABASE}' (distance=${dist}) in $((SECONDS - start))s."
