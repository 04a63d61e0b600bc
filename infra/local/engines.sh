#!/usr/bin/env bash
# Local engines without Docker: PostgreSQL (system server), Kafka (KRaft, jars from Maven Central)
# and OpenSearch (integ-test-zip from Maven Central + analysis-common/lang-painless modules).
#
#   eval "$(infra/local/engines.sh start)"   # fetch if needed, start, wait healthy, print env
#   infra/local/engines.sh stop|status|env
#   infra/local/engines.sh restart-kafka|stop-kafka|start-kafka
#   infra/local/engines.sh stop-opensearch|start-opensearch
#   infra/local/engines.sh kafka-topics --list          # TopicCommand against the local broker
#
# Only the `export ...` lines go to stdout; every progress message goes to stderr.
# See infra/local/README.md.
set -euo pipefail

# ---------------------------------------------------------------------------------------------
# configuration
# ---------------------------------------------------------------------------------------------
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ENGINES_DIR=${ENGINES_DIR:-$SCRIPT_DIR/../../.engines}
mkdir -p "$ENGINES_DIR"
ENGINES_DIR=$(cd "$ENGINES_DIR" && pwd)
RUN_DIR=$ENGINES_DIR/run
PORTS_FILE=$RUN_DIR/ports.env

KAFKA_VERSION=${KAFKA_VERSION:-3.9.1}
OPENSEARCH_VERSION=${OPENSEARCH_VERSION:-2.19.6}
OPENSEARCH_USER=${OPENSEARCH_USER:-opensearch}
START_TIMEOUT=${ENGINES_START_TIMEOUT:-180}
DEPENDENCY_PLUGIN=org.apache.maven.plugins:maven-dependency-plugin:3.6.1

KAFKA_HOME=$ENGINES_DIR/kafka-$KAFKA_VERSION
OS_HOME=$ENGINES_DIR/opensearch-$OPENSEARCH_VERSION

# Ports of the current run (written on a fresh start) win over the environment, so that `env`,
# `status` and the restart commands talk to what is actually running.
PORT_VARS=(KAFKA_PORT KAFKA_CONTROLLER_PORT OPENSEARCH_PORT OPENSEARCH_TRANSPORT_PORT POSTGRES_HOST POSTGRES_PORT)
declare -A ENV_PORTS=()
for v in "${PORT_VARS[@]}"; do ENV_PORTS[$v]=${!v:-}; done

load_ports() { # [fresh]: ignore the saved ports of a previous run
  local v
  for v in "${PORT_VARS[@]}"; do printf -v "$v" '%s' "${ENV_PORTS[$v]}"; done
  if [[ ${1:-} != fresh && -f $PORTS_FILE ]]; then
    # shellcheck disable=SC1090
    source "$PORTS_FILE"
  fi
  KAFKA_PORT=${KAFKA_PORT:-19092}
  KAFKA_CONTROLLER_PORT=${KAFKA_CONTROLLER_PORT:-$((KAFKA_PORT + 1))}
  OPENSEARCH_PORT=${OPENSEARCH_PORT:-19200}
  OPENSEARCH_TRANSPORT_PORT=${OPENSEARCH_TRANSPORT_PORT:-$((OPENSEARCH_PORT + 100))}
  POSTGRES_HOST=${POSTGRES_HOST:-127.0.0.1}
  POSTGRES_PORT=${POSTGRES_PORT:-5432}
}

save_ports() {
  mkdir -p "$RUN_DIR"
  cat >"$PORTS_FILE" <<EOF
KAFKA_PORT=$KAFKA_PORT
KAFKA_CONTROLLER_PORT=$KAFKA_CONTROLLER_PORT
OPENSEARCH_PORT=$OPENSEARCH_PORT
OPENSEARCH_TRANSPORT_PORT=$OPENSEARCH_TRANSPORT_PORT
POSTGRES_HOST=$POSTGRES_HOST
POSTGRES_PORT=$POSTGRES_PORT
EOF
}

# ---------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------
log() { echo "[engines] $*" >&2; }
die() {
  echo "[engines] ERROR: $*" >&2
  exit 1
}

port_open() { # host port
  timeout 2 bash -c "exec 7<>/dev/tcp/$1/$2" 2>/dev/null
}

# pid_alive PIDFILE MARKER: the pid in PIDFILE is alive and its command line contains MARKER
pid_alive() {
  local pid
  [[ -f $1 ]] || return 1
  pid=$(cat "$1" 2>/dev/null) || return 1
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -Eq -- "$2"
}

# stop_pid NAME PIDFILE MARKER
stop_pid() {
  local name=$1 pidfile=$2 marker=$3 pid i
  if ! pid_alive "$pidfile" "$marker"; then
    rm -f "$pidfile"
    return 0
  fi
  pid=$(cat "$pidfile")
  log "stopping $name (pid $pid)"
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < 600; i++)); do # 60 s
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "$name did not stop within 60 s, killing it"
    kill -KILL "$pid" 2>/dev/null || true
    for ((i = 0; i < 100; i++)); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
  fi
  rm -f "$pidfile"
}

log_tail() { # file...
  local f
  for f in "$@"; do
    [[ -f $f ]] || continue
    echo "----- last lines of $f -----" >&2
    tail -n 40 "$f" >&2
  done
}

as_root() { [[ $(id -u) -eq 0 ]]; }

# Commands that may leave daemons behind (apt's postinst, pg_ctlcluster) get neither our stdout
# pipe (fd 3), nor the lock (fd 9), nor stderr: otherwise `$(engines.sh start)` would never end.
apt_install() {
  as_root || die "need to install $* but not running as root"
  log "installing $* with apt-get (log: $ENGINES_DIR/apt.log)"
  {
    if [[ ! -f $ENGINES_DIR/.apt-updated ]]; then
      DEBIAN_FRONTEND=noninteractive apt-get update -qq && touch "$ENGINES_DIR/.apt-updated"
    fi &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
  } </dev/null >"$ENGINES_DIR/apt.log" 2>&1 3>&- 9>&- || {
    log_tail "$ENGINES_DIR/apt.log"
    die "apt-get install $* failed"
  }
}

ensure_tools() {
  local missing=()
  command -v java >/dev/null || missing+=(openjdk-17-jre-headless)
  command -v mvn >/dev/null || missing+=(maven)
  command -v unzip >/dev/null || missing+=(unzip)
  command -v curl >/dev/null || missing+=(curl)
  if ((${#missing[@]})); then apt_install "${missing[@]}"; fi
  if [[ -z ${JAVA_HOME:-} || ! -x ${JAVA_HOME:-}/bin/java ]]; then
    JAVA_HOME=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
  fi
  export JAVA_HOME
  JAVA=$JAVA_HOME/bin/java
  local major
  major=$("$JAVA" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1)
  [[ ${major:-0} -ge 11 ]] || die "java >= 11 needed (17 recommended), found: $("$JAVA" -version 2>&1 | head -n1)"
}

# mvn_copy POM OUTDIR: resolve the pom's dependencies from Maven Central into OUTDIR
# (Maven 3.8 prints colour resets even with -q -B: strip them and blank lines)
mvn_copy() {
  mvn -q -B -f "$1" "$DEPENDENCY_PLUGIN:copy-dependencies" \
    -DoutputDirectory="$2" -DincludeScope=runtime </dev/null 2>&1 |
    sed -e 's/\x1b\[[0-9;]*m//g' -e '/^[[:space:]]*$/d' >&2
}

# ---------------------------------------------------------------------------------------------
# PostgreSQL
# ---------------------------------------------------------------------------------------------
psql_ok() { PGCONNECT_TIMEOUT=3 psql "$1" -Atqc 'select 1' >/dev/null 2>&1; }

ensure_postgres() {
  if ! port_open "$POSTGRES_HOST" "$POSTGRES_PORT"; then
    if [[ $POSTGRES_HOST != 127.0.0.1 && $POSTGRES_HOST != localhost ]]; then
      die "PostgreSQL at $POSTGRES_HOST:$POSTGRES_PORT is not reachable"
    fi
    if ! command -v pg_ctlcluster >/dev/null || [[ -z $(ls /etc/postgresql 2>/dev/null) ]]; then
      apt_install postgresql
    fi
    local ver
    ver=$(find /etc/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' | sort -V | tail -n1)
    log "starting PostgreSQL $ver cluster 'main'"
    pg_ctlcluster --skip-systemctl-redirect "$ver" main start \
      </dev/null >"$ENGINES_DIR/pg_ctlcluster.log" 2>&1 3>&- 9>&- || log_tail "$ENGINES_DIR/pg_ctlcluster.log"
    local i
    for ((i = 0; i < 60; i++)); do
      port_open "$POSTGRES_HOST" "$POSTGRES_PORT" && break
      sleep 0.5
    done
    port_open "$POSTGRES_HOST" "$POSTGRES_PORT" ||
      die "PostgreSQL did not come up on $POSTGRES_HOST:$POSTGRES_PORT (see /var/log/postgresql/)"
  fi
  command -v psql >/dev/null || apt_install postgresql-client
}

# Sets DATABASE_URL to a URL that works on this machine (database `test`, created if missing).
pick_database_url() {
  local base="$POSTGRES_HOST:$POSTGRES_PORT" u
  for u in root postgres; do
    if psql_ok "postgres://$u@$base/test"; then
      DATABASE_URL="postgres://$u@$base/test"
      return
    fi
  done
  for u in root postgres; do
    if psql_ok "postgres://$u@$base/postgres"; then
      psql "postgres://$u@$base/postgres" -qc 'CREATE DATABASE test' >/dev/null 2>&1 || true
      if psql_ok "postgres://$u@$base/test"; then
        DATABASE_URL="postgres://$u@$base/test"
        return
      fi
    fi
  done
  # A stock Debian cluster: peer auth on the socket, password auth on TCP. Create a role with
  # a password through the socket as the postgres OS user.
  if as_root && id postgres >/dev/null 2>&1; then
    log "creating role 'engines' and database 'test' in the local cluster"
    runuser -u postgres -- psql -p "$POSTGRES_PORT" -v ON_ERROR_STOP=1 -qAt >/dev/null 2>&1 <<'SQL' || true
DO $$BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'engines') THEN
    CREATE ROLE engines LOGIN SUPERUSER PASSWORD 'engines';
  END IF;
END$$;
SELECT 'CREATE DATABASE test OWNER engines' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'test')\gexec
SQL
    if psql_ok "postgres://engines:engines@$base/test"; then
      DATABASE_URL="postgres://engines:engines@$base/test"
      return
    fi
  fi
  die "no working PostgreSQL login found on $base (tried root/postgres with trust auth, and engines:engines)"
}

# ---------------------------------------------------------------------------------------------
# Kafka
# ---------------------------------------------------------------------------------------------
KAFKA_PIDFILE=$RUN_DIR/kafka.pid
KAFKA_MARKER=kafka.Kafka

fetch_kafka() {
  [[ -f $KAFKA_HOME/.complete ]] && return 0
  log "fetching Kafka $KAFKA_VERSION jars from Maven Central (one-time)"
  rm -rf "$KAFKA_HOME"
  mkdir -p "$KAFKA_HOME"
  cat >"$KAFKA_HOME/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.engines</groupId>
  <artifactId>kafka-fetch</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>$KAFKA_VERSION</version></dependency>
    <!-- TopicCommand and friends, for health checks and tests -->
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka-tools</artifactId><version>$KAFKA_VERSION</version></dependency>
    <!-- the logging binding that the Kafka 3.x distribution ships (reload4j) -->
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-reload4j</artifactId><version>1.7.36</version></dependency>
  </dependencies>
</project>
EOF
  mvn_copy "$KAFKA_HOME/pom.xml" "$KAFKA_HOME/libs" || die "could not fetch Kafka $KAFKA_VERSION from Maven Central"
  cat >"$KAFKA_HOME/log4j.properties" <<'EOF'
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.RollingFileAppender
log4j.appender.file.File=${kafka.logs.dir}/server.log
log4j.appender.file.MaxFileSize=20MB
log4j.appender.file.MaxBackupIndex=2
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.org.apache.kafka.controller=INFO
log4j.logger.kafka.request.logger=WARN
log4j.logger.state.change.logger=WARN
EOF
  cat >"$KAFKA_HOME/tools-log4j.properties" <<'EOF'
log4j.rootLogger=WARN, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.appender.stderr.Target=System.err
EOF
  touch "$KAFKA_HOME/.complete"
}

kafka_java() { # main-class args...
  "$JAVA" -Xmx256m -Dlog4j.configuration="file:$KAFKA_HOME/tools-log4j.properties" \
    -cp "$KAFKA_HOME/libs/*" "$@"
}

kafka_write_config() {
  local dir=$RUN_DIR/kafka
  mkdir -p "$dir/data" "$dir/logs"
  cat >"$dir/server.properties" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$dir/data
num.partitions=3
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=true
delete.topic.enable=true
EOF
}

start_kafka() {
  local dir=$RUN_DIR/kafka pidfile
  pidfile=$KAFKA_PIDFILE
  if pid_alive "$pidfile" "$KAFKA_MARKER"; then return 0; fi
  port_open 127.0.0.1 "$KAFKA_PORT" && die "port $KAFKA_PORT is in use by another process (set KAFKA_PORT)"
  port_open 127.0.0.1 "$KAFKA_CONTROLLER_PORT" &&
    die "port $KAFKA_CONTROLLER_PORT is in use by another process (set KAFKA_CONTROLLER_PORT)"
  kafka_write_config
  if [[ ! -f $dir/data/meta.properties ]]; then
    local cluster_id
    # Kafka's own generator: a hand-made base64 id starts with '-' one time in 64, which the
    # format command's argument parser then takes for an option.
    cluster_id=$(kafka_java kafka.tools.StorageTool random-uuid 2>>"$dir/logs/format.log") || {
      log_tail "$dir/logs/format.log"
      die "kafka cluster id generation failed"
    }
    kafka_java kafka.tools.StorageTool format -t "$cluster_id" -c "$dir/server.properties" \
      >>"$dir/logs/format.log" 2>&1 || {
      log_tail "$dir/logs/format.log"
      die "kafka storage format failed"
    }
  fi
  log "starting Kafka $KAFKA_VERSION on 127.0.0.1:$KAFKA_PORT"
  (
    cd "$dir"
    exec setsid "$JAVA" -Xms512m -Xmx512m -XX:+UseG1GC -Djava.awt.headless=true \
      -Dkafka.logs.dir="$dir/logs" -Dlog4j.configuration="file:$KAFKA_HOME/log4j.properties" \
      -cp "$KAFKA_HOME/libs/*" kafka.Kafka "$dir/server.properties"
  ) </dev/null >>"$dir/logs/stdout.log" 2>&1 3>&- 9>&- &
  echo $! >"$pidfile"
}

kafka_ready() { # one probe
  port_open 127.0.0.1 "$KAFKA_PORT" || return 1
  timeout 30 "$JAVA" -Xmx128m -Dlog4j.configuration="file:$KAFKA_HOME/tools-log4j.properties" \
    -cp "$KAFKA_HOME/libs/*" org.apache.kafka.tools.TopicCommand \
    --bootstrap-server "127.0.0.1:$KAFKA_PORT" --list >/dev/null 2>&1
}

wait_kafka() {
  local deadline=$((SECONDS + START_TIMEOUT)) dir=$RUN_DIR/kafka
  while ! kafka_ready; do
    if ! pid_alive "$KAFKA_PIDFILE" "$KAFKA_MARKER"; then
      log_tail "$dir/logs/stdout.log" "$dir/logs/server.log"
      die "Kafka exited during startup"
    fi
    if ((SECONDS >= deadline)); then
      log_tail "$dir/logs/server.log"
      die "Kafka not healthy after ${START_TIMEOUT}s"
    fi
    sleep 1
  done
  log "Kafka ready on 127.0.0.1:$KAFKA_PORT"
}

stop_kafka() { stop_pid Kafka "$KAFKA_PIDFILE" "$KAFKA_MARKER"; }

# ---------------------------------------------------------------------------------------------
# OpenSearch
# ---------------------------------------------------------------------------------------------
OS_PIDFILE=$RUN_DIR/opensearch.pid
# the JVM, or before it wrote its pid file, the runuser launcher
OS_MARKER="org\\.opensearch\\.bootstrap\\.OpenSearch|^runuser -u $OPENSEARCH_USER"

fetch_opensearch() {
  [[ -f $OS_HOME/.complete ]] && return 0
  local dl=$ENGINES_DIR/downloads/opensearch-$OPENSEARCH_VERSION
  log "fetching OpenSearch $OPENSEARCH_VERSION from Maven Central (one-time)"
  rm -rf "$dl" "$OS_HOME" "$OS_HOME.tmp"
  mkdir -p "$dl/dist" "$dl/painless" "$dl/analysis-common" "$OS_HOME.tmp"
  cat >"$dl/dist/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.engines</groupId>
  <artifactId>opensearch-fetch</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>org.opensearch.distribution.integ-test-zip</groupId><artifactId>opensearch</artifactId>
      <version>$OPENSEARCH_VERSION</version><type>zip</type>
    </dependency>
  </dependencies>
</project>
EOF
  mvn_copy "$dl/dist/pom.xml" "$dl/dist" || die "could not fetch OpenSearch $OPENSEARCH_VERSION from Maven Central"
  unzip -q "$dl/dist/opensearch-$OPENSEARCH_VERSION.zip" -d "$OS_HOME.tmp"
  mv "$OS_HOME.tmp/opensearch-$OPENSEARCH_VERSION" "$OS_HOME"
  rmdir "$OS_HOME.tmp"

  # The integ-test-zip only carries transport-netty4. The language analyzers (german, french,
  # italian, stemmers, asciifolding, ...) live in the analysis-common module, which extends
  # lang-painless. Maven Central has both modules as plain jars (no plugin zip), so assemble the
  # module folders the way the full distribution lays them out.
  cat >"$dl/painless/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.engines</groupId>
  <artifactId>painless-fetch</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>org.opensearch.plugin</groupId><artifactId>lang-painless</artifactId><version>$OPENSEARCH_VERSION</version>
      <!-- the server itself is already in lib/ -->
      <exclusions><exclusion><groupId>org.opensearch</groupId><artifactId>opensearch</artifactId></exclusion></exclusions>
    </dependency>
  </dependencies>
</project>
EOF
  cat >"$dl/analysis-common/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.engines</groupId>
  <artifactId>analysis-common-fetch</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>org.opensearch.plugin</groupId><artifactId>analysis-common</artifactId><version>$OPENSEARCH_VERSION</version>
      <exclusions><exclusion><groupId>*</groupId><artifactId>*</artifactId></exclusion></exclusions>
    </dependency>
  </dependencies>
</project>
EOF
  if mvn_copy "$dl/painless/pom.xml" "$dl/painless" && mvn_copy "$dl/analysis-common/pom.xml" "$dl/analysis-common"; then
    local m=$OS_HOME/modules
    mkdir -p "$m/lang-painless" "$m/analysis-common"
    cp "$dl"/painless/*.jar "$m/lang-painless/"
    cp "$dl"/analysis-common/*.jar "$m/analysis-common/"
    cat >"$m/lang-painless/plugin-descriptor.properties" <<EOF
description=An easy, safe and fast scripting language for OpenSearch
version=$OPENSEARCH_VERSION
name=lang-painless
classname=org.opensearch.painless.PainlessPlugin
java.version=11
opensearch.version=$OPENSEARCH_VERSION
custom.foldername=
extended.plugins=
has.native.controller=false
EOF
    cat >"$m/lang-painless/plugin-security.policy" <<'EOF'
grant {
  // generate runtime classes
  permission java.lang.RuntimePermission "createClassLoader";
  // find the class loader to load allow-listed classes from
  permission java.lang.RuntimePermission "getClassLoader";
};
EOF
    cat >"$m/analysis-common/plugin-descriptor.properties" <<EOF
description=Adds "built in" analyzers to OpenSearch.
version=$OPENSEARCH_VERSION
name=analysis-common
classname=org.opensearch.analysis.common.CommonAnalysisPlugin
java.version=11
opensearch.version=$OPENSEARCH_VERSION
custom.foldername=
extended.plugins=lang-painless
has.native.controller=false
EOF
    echo present >"$OS_HOME/.analysis-common"
  else
    log "WARNING: analysis-common could not be fetched; OpenSearch runs without language analyzers"
    echo absent >"$OS_HOME/.analysis-common"
  fi
  touch "$OS_HOME/.complete"
}

ensure_os_user() {
  OS_RUN_AS=()
  as_root || return 0 # OpenSearch only refuses root; any other user runs it directly
  if ! id "$OPENSEARCH_USER" >/dev/null 2>&1; then
    log "creating system user '$OPENSEARCH_USER' (OpenSearch refuses to run as root)"
    useradd --system --user-group --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin "$OPENSEARCH_USER"
  fi
  OS_RUN_AS=(runuser -u "$OPENSEARCH_USER" --)
}

os_write_config() {
  local dir=$RUN_DIR/opensearch
  mkdir -p "$dir/data" "$dir/logs" "$dir/tmp" "$dir/config"
  cp -r "$OS_HOME/config/." "$dir/config/"
  # keep GC logs, heap dumps and crash files in the run folder, with a small GC log
  sed -i \
    -e "s#^-Xms.*##" -e "s#^-Xmx.*##" \
    -e "s#file=logs/gc.log:utctime,pid,tags:filecount=32,filesize=64m#file=$dir/logs/gc.log:utctime,pid,tags:filecount=2,filesize=16m#" \
    -e "s#HeapDumpPath=data#HeapDumpPath=$dir/data#" \
    -e "s#ErrorFile=logs/#ErrorFile=$dir/logs/#" \
    "$dir/config/jvm.options"
  cat >"$dir/config/opensearch.yml" <<EOF
cluster.name: engines-local
node.name: node-1
discovery.type: single-node
network.host: 127.0.0.1
http.port: $OPENSEARCH_PORT
transport.port: $OPENSEARCH_TRANSPORT_PORT
path.data: $dir/data
path.logs: $dir/logs
# a nearly full disk must not turn the test indices read-only
cluster.routing.allocation.disk.threshold_enabled: false
EOF
}

start_opensearch() {
  local dir=$RUN_DIR/opensearch pidfile
  pidfile=$OS_PIDFILE
  if pid_alive "$pidfile" "$OS_MARKER"; then return 0; fi
  port_open 127.0.0.1 "$OPENSEARCH_PORT" && die "port $OPENSEARCH_PORT is in use by another process (set OPENSEARCH_PORT)"
  port_open 127.0.0.1 "$OPENSEARCH_TRANSPORT_PORT" &&
    die "port $OPENSEARCH_TRANSPORT_PORT is in use by another process (set OPENSEARCH_TRANSPORT_PORT)"
  ensure_os_user
  os_write_config
  if ((${#OS_RUN_AS[@]})); then
    chmod 755 "$ENGINES_DIR" "$RUN_DIR"
    chown -R "$OPENSEARCH_USER:" "$OS_HOME" "$dir"
    "${OS_RUN_AS[@]}" test -x "$OS_HOME/bin/opensearch" -a -w "$dir/data" ||
      die "user $OPENSEARCH_USER cannot reach $ENGINES_DIR (a parent folder is not world-traversable); set ENGINES_DIR elsewhere"
  fi
  rm -f "$dir/opensearch.pid"
  log "starting OpenSearch $OPENSEARCH_VERSION on http://127.0.0.1:$OPENSEARCH_PORT"
  (
    cd "$OS_HOME"
    exec setsid "${OS_RUN_AS[@]}" env JAVA_HOME="$JAVA_HOME" OPENSEARCH_JAVA_HOME="$JAVA_HOME" \
      OPENSEARCH_PATH_CONF="$dir/config" OPENSEARCH_TMPDIR="$dir/tmp" \
      OPENSEARCH_JAVA_OPTS="-Xms512m -Xmx512m" \
      "$OS_HOME/bin/opensearch" -p "$dir/opensearch.pid"
  ) </dev/null >>"$dir/logs/stdout.log" 2>&1 3>&- 9>&- &
  # runuser forks: the JVM writes its own pid file, wait_opensearch/stop_opensearch pick it up
  echo $! >"$pidfile"
}

# adopt the pid the JVM wrote (the launcher pid is only a stand-in until then)
os_adopt_pid() {
  local jvm=$RUN_DIR/opensearch/opensearch.pid
  if [[ -s $jvm ]] && ! cmp -s "$jvm" "$OS_PIDFILE"; then
    cp "$jvm" "$OS_PIDFILE"
  fi
  return 0
}

opensearch_ready() {
  local body
  body=$(curl -fsS --max-time 10 \
    "http://127.0.0.1:$OPENSEARCH_PORT/_cluster/health?wait_for_status=yellow&timeout=5s" 2>/dev/null) || return 1
  [[ $body == *'"status":"green"'* || $body == *'"status":"yellow"'* ]]
}

wait_opensearch() {
  local deadline=$((SECONDS + START_TIMEOUT)) dir=$RUN_DIR/opensearch pidfile
  pidfile=$OS_PIDFILE
  while ! opensearch_ready; do
    os_adopt_pid
    if ! pid_alive "$pidfile" "$OS_MARKER"; then
      log_tail "$dir/logs/stdout.log" "$dir/logs/engines-local.log"
      die "OpenSearch exited during startup"
    fi
    if ((SECONDS >= deadline)); then
      log_tail "$dir/logs/engines-local.log"
      die "OpenSearch not healthy after ${START_TIMEOUT}s"
    fi
    sleep 1
  done
  os_adopt_pid
  log "OpenSearch ready on http://127.0.0.1:$OPENSEARCH_PORT (analysis-common: $(cat "$OS_HOME/.analysis-common" 2>/dev/null || echo unknown))"
}

stop_opensearch() {
  os_adopt_pid
  stop_pid OpenSearch "$OS_PIDFILE" "$OS_MARKER"
}

# ---------------------------------------------------------------------------------------------
# commands
# ---------------------------------------------------------------------------------------------
print_env() {
  echo "export DATABASE_URL=$DATABASE_URL" >&3
  echo "export KAFKA_BROKERS=127.0.0.1:$KAFKA_PORT" >&3
  echo "export OPENSEARCH_URL=http://127.0.0.1:$OPENSEARCH_PORT" >&3
}

kafka_running() { pid_alive "$KAFKA_PIDFILE" "$KAFKA_MARKER"; }
os_running() {
  os_adopt_pid
  pid_alive "$OS_PIDFILE" "$OS_MARKER"
}

lock() {
  exec 9>"$ENGINES_DIR/.lock"
  flock -w 600 9 || die "another engines.sh holds $ENGINES_DIR/.lock"
}

# If a start fails half-way, stop what this invocation started.
STARTED=()
cleanup_on_error() {
  local rc=$?
  if ((rc != 0 && ${#STARTED[@]})); then
    log "start failed; stopping ${STARTED[*]}"
    local e
    for e in "${STARTED[@]}"; do "stop_$e" || true; done
  fi
}

cmd_start() {
  local t0=$SECONDS
  lock
  ensure_tools
  trap cleanup_on_error EXIT
  if ! kafka_running && ! os_running; then
    # fresh run: clean data, ports from the environment
    rm -rf "$RUN_DIR"
    load_ports fresh
    save_ports
  fi
  ensure_postgres
  pick_database_url
  if kafka_running && os_running; then
    log "engines already running"
    print_env
    return 0
  fi
  fetch_kafka
  fetch_opensearch
  if ! os_running; then
    start_opensearch
    STARTED+=(opensearch)
  fi
  if ! kafka_running; then
    start_kafka
    STARTED+=(kafka)
  fi
  wait_kafka
  wait_opensearch
  STARTED=()
  log "engines ready in $((SECONDS - t0))s"
  print_env
}

cmd_stop() {
  lock
  stop_kafka
  stop_opensearch
  log "engines stopped"
}

cmd_status() {
  local rc=0
  local url
  if url=$(pick_database_url 2>/dev/null && echo "$DATABASE_URL"); then
    echo "postgres:   up   $url" >&3
  elif port_open "$POSTGRES_HOST" "$POSTGRES_PORT"; then
    echo "postgres:   up   $POSTGRES_HOST:$POSTGRES_PORT (port open)" >&3
  else
    echo "postgres:   DOWN $POSTGRES_HOST:$POSTGRES_PORT" >&3
    rc=3
  fi
  if kafka_running; then
    echo "kafka:      up   127.0.0.1:$KAFKA_PORT (pid $(cat "$KAFKA_PIDFILE"), $KAFKA_VERSION)" >&3
  else
    echo "kafka:      DOWN" >&3
    rc=3
  fi
  if os_running; then
    local health
    health=$(curl -fsS --max-time 5 "http://127.0.0.1:$OPENSEARCH_PORT/_cluster/health" 2>/dev/null |
      sed -n 's/.*"status":"\([a-z]*\)".*/\1/p') || true
    echo "opensearch: up   http://127.0.0.1:$OPENSEARCH_PORT (pid $(cat "$OS_PIDFILE"), $OPENSEARCH_VERSION, health ${health:-unknown}, analysis-common $(cat "$OS_HOME/.analysis-common" 2>/dev/null || echo unknown))" >&3
  else
    echo "opensearch: DOWN" >&3
    rc=3
  fi
  return $rc
}

usage() {
  cat >&2 <<'EOF'
usage: infra/local/engines.sh COMMAND
  start             fetch (cached in .engines/), start Kafka + OpenSearch, wait healthy, print env
  stop              stop what start started (by pid)
  status            show what runs (exit 3 if something is down)
  env               print the export lines
  restart-kafka     stop and start the broker, same data
  stop-kafka | start-kafka
  stop-opensearch | start-opensearch   (same data)
  kafka-topics ARGS run Kafka's TopicCommand against the local broker
env: KAFKA_PORT (19092), KAFKA_CONTROLLER_PORT, OPENSEARCH_PORT (19200), OPENSEARCH_TRANSPORT_PORT,
     POSTGRES_HOST, POSTGRES_PORT, KAFKA_VERSION, OPENSEARCH_VERSION, ENGINES_DIR, ENGINES_START_TIMEOUT
EOF
}

main() {
  # stdout carries only the export lines: keep fd 3 for them, send everything else to stderr
  exec 3>&1 1>&2
  load_ports
  local cmd=${1:-}
  [[ $# -gt 0 ]] && shift
  case $cmd in
    start) cmd_start ;;
    stop) cmd_stop ;;
    status) cmd_status ;;
    env)
      # works while PostgreSQL is down too (falls back to the usual URL)
      DATABASE_URL=$(pick_database_url 2>/dev/null && echo "$DATABASE_URL") ||
        DATABASE_URL="postgres://root@$POSTGRES_HOST:$POSTGRES_PORT/test"
      print_env
      ;;
    restart-kafka)
      lock
      ensure_tools
      fetch_kafka
      stop_kafka
      start_kafka
      wait_kafka
      ;;
    stop-kafka)
      lock
      stop_kafka
      ;;
    start-kafka)
      lock
      ensure_tools
      fetch_kafka
      start_kafka
      wait_kafka
      ;;
    stop-opensearch)
      lock
      stop_opensearch
      ;;
    start-opensearch)
      lock
      ensure_tools
      fetch_opensearch
      start_opensearch
      wait_opensearch
      ;;
    kafka-topics)
      ensure_tools
      [[ -f $KAFKA_HOME/.complete ]] || die "Kafka not fetched yet: run start first"
      kafka_java org.apache.kafka.tools.TopicCommand --bootstrap-server "127.0.0.1:$KAFKA_PORT" "$@" >&3
      ;;
    -h | --help | help) usage ;;
    *)
      usage
      exit 2
      ;;
  esac
}

main "$@"
