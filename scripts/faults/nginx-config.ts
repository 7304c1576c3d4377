export interface NginxSite {
  /** nginx's prefix: its pid, logs and temporary files go here. */
  folder: string;
  port: number;
  /** Ports of the api instances on this machine. */
  upstreams: number[];
}

/** The api's own 503 problem, for requests whose instance went away (see docs/operations.md). */
const UNAVAILABLE = JSON.stringify({
  type: 'urn:practice-portal:problem:service_unavailable',
  title: 'Service unavailable',
  status: 503,
  code: 'service_unavailable',
});

/**
 * The reverse proxy of docs/operations.md, for a test run: in the foreground, loopback only.
 * - A request whose connection to an instance fails (refused, reset before it was sent) or times
 *   out, or that an instance answers 503 (shutting down, shedding load), goes to the next
 *   instance, each tried at most once. nginx never passes a POST or PATCH that reached an instance to another one
 *   (no `non_idempotent`): it may have been carried out.
 * - What nginx would answer 502/504 itself (an instance died mid-request, or none is left) is the
 *   api's 503 problem with Retry-After: the client tries again later, as after any 503.
 * - No keep-alive to the instances: a draining instance never sees a request on a connection it
 *   is closing.
 * - `max_fails=0`: an instance is never marked down. During a database outage both instances
 *   answer 503, and with max_fails both would be taken out ("no live upstreams") for a while
 *   after the database is back. A dead instance on this machine refuses at once, so trying it
 *   costs nothing.
 */
export function nginxConfig({ folder, port, upstreams }: NginxSite): string {
  const servers = upstreams
    .map((upstream) => `    server 127.0.0.1:${upstream} max_fails=0;`)
    .join('\n');
  return `daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 1024; }

http {
  log_format upstreams '$remote_addr "$request" $status upstream=$upstream_addr '
                       'upstream_status=$upstream_status time=$request_time';
  access_log ${folder}/access.log upstreams;
  client_body_temp_path ${folder}/temp/body;
  proxy_temp_path ${folder}/temp/proxy;
  fastcgi_temp_path ${folder}/temp/fastcgi;
  uwsgi_temp_path ${folder}/temp/uwsgi;
  scgi_temp_path ${folder}/temp/scgi;
  client_max_body_size 1m;

  upstream portal {
${servers}
  }

  server {
    listen 127.0.0.1:${port};

    location = /nginx-alive { return 204; }

    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $host;
      proxy_connect_timeout 2s;
      # Longer than the api's request timeout (REQUEST_TIMEOUT_SECONDS, 30 s).
      proxy_read_timeout 60s;
      proxy_send_timeout 60s;
      proxy_next_upstream error timeout http_503;
      proxy_next_upstream_tries ${upstreams.length};
      proxy_next_upstream_timeout 10s;
      error_page 502 504 =503 @unavailable;
    }

    location @unavailable {
      default_type application/problem+json;
      add_header Retry-After 2 always;
      add_header Cache-Control no-store always;
      add_header X-Proxy-Answer upstream-failed always;
      return 503 '${UNAVAILABLE}';
    }
  }
}
`;
}
