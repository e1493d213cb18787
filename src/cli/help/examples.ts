/**
 * The examples under each command's `--help`, as mc shows them: what it does, then the command
 * line. Keyed by the command's words after `silo`; a group without its own entry shows the first
 * example of each of its commands. test/cli/help.test.ts checks that every command has some and
 * that each uses only options its command has.
 */

/** One example: what it does, and the command line (starting with `silo`). */
export type Example = readonly [what: string, line: string]

/** Examples by command path ('' is `silo` itself). */
export const EXAMPLES: Readonly<Record<string, readonly Example[]>> = {
  '': [
    ['Start a server storing its data in ./data', 'silo server ./data'],
    [
      'Name it "local" for the other commands',
      'silo config host add local http://127.0.0.1:9000 siloadmin siloadmin-secret',
    ],
    [
      'Make a bucket and copy a folder into it',
      'silo mb local/photos && silo cp --recursive ./2026 local/photos/',
    ],
    ['List what is there', 'silo ls --recursive local/photos'],
  ],
  server: [
    ['Serve one folder on 127.0.0.1:9000', 'silo server ./data'],
    [
      'Serve four drives erasure-coded, on every interface',
      'silo server --address :9000 /mnt/d1 /mnt/d2 /mnt/d3 /mnt/d4',
    ],
    [
      'Serve HTTPS with public.crt and private.key from a folder',
      'silo server --certs-dir ~/.silo/certs ./data',
    ],
  ],
  'config host add': [
    [
      'Add the alias "local" for a server',
      'silo config host add local http://127.0.0.1:9000 siloadmin siloadmin-secret',
    ],
    [
      'Add a TLS deployment (use --insecure later for a self-signed certificate)',
      'silo config host add prod https://s3.example.com:9000 ACCESSKEY SECRETKEY',
    ],
  ],
  'config host list': [
    ['List every alias (secret keys are never shown)', 'silo config host list'],
    ['Show one alias as JSON', 'silo --json config host list local'],
  ],
  'config host remove': [['Forget the alias "prod"', 'silo config host remove prod']],
  ls: [
    ['List the buckets of an alias', 'silo ls local'],
    ['List one folder level of a bucket', 'silo ls local/photos/2026/'],
    ['List every object under a prefix, as JSON', 'silo --json ls --recursive local/photos/2026'],
    ['List incomplete multipart uploads', 'silo ls --incomplete --recursive local/videos'],
    [
      'List every version and delete marker under a prefix',
      'silo ls --versions --recursive local/photos/2026/',
    ],
  ],
  mb: [
    ['Make a bucket', 'silo mb local/photos'],
    [
      'Make several, without failing on those that exist',
      'silo mb --ignore-existing local/photos local/videos',
    ],
    ["Make a bucket in the server's region, named explicitly", 'silo mb --region us-east-1 local/logs'],
    ['Make a bucket with object locking (versioned)', 'silo mb --with-lock local/records'],
    ['Make a versioned bucket', 'silo mb --with-versioning local/drafts'],
  ],
  'version enable': [['Keep every version of every object in a bucket', 'silo version enable local/photos']],
  'version suspend': [['Stop keeping new versions (old ones stay)', 'silo version suspend local/photos']],
  'tag set': [
    ['Tag an object (replacing its tags)', 'silo tag set local/photos/a.jpg "project=alpha&owner=ann"'],
    ['Tag a bucket', 'silo tag set local/photos "team=media"'],
  ],
  'tag list': [["Print an object's tags", 'silo tag list local/photos/a.jpg']],
  'tag remove': [
    [
      "Remove a version's tags",
      'silo tag remove --version-id 0b8e3c6f-1b0c-4f4e-9e0e-3f1b9c1a7d2e local/photos/a.jpg',
    ],
  ],
  'retention set': [
    ['Lock an object for 30 days (GOVERNANCE)', 'silo retention set governance 30d local/records/a.pdf'],
    [
      'Lock new objects of a bucket for a year by default',
      'silo retention set --default compliance 1y local/records',
    ],
  ],
  'retention info': [
    ["Show an object's retention", 'silo retention info local/records/a.pdf'],
    ["Show a bucket's default retention", 'silo retention info --default local/records'],
  ],
  'retention clear': [
    ['Clear a GOVERNANCE retention', 'silo retention clear --bypass local/records/a.pdf'],
    ["Clear a bucket's default retention", 'silo retention clear --default local/records'],
  ],
  'legalhold set': [['Put an object under legal hold', 'silo legalhold set local/records/a.pdf']],
  'legalhold clear': [['Release the legal hold', 'silo legalhold clear local/records/a.pdf']],
  'legalhold info': [
    ['Show whether an object is under legal hold', 'silo legalhold info local/records/a.pdf'],
  ],
  'ilm rule add': [
    [
      'Expire objects under logs/ after 30 days',
      'silo ilm rule add --prefix logs/ --expire-days 30 local/app',
    ],
    [
      'Remove noncurrent versions after 7 days, and lone delete markers',
      'silo ilm rule add --noncurrent-expire-days 7 --expire-delete-marker local/app',
    ],
  ],
  'ilm rule ls': [["List a bucket's lifecycle rules", 'silo ilm rule ls local/app']],
  'ilm rule rm': [
    ['Remove one rule', 'silo ilm rule rm --id logs-30d local/app'],
    ['Remove every rule', 'silo ilm rule rm --all --force local/app'],
  ],
  'version info': [["Show a bucket's versioning state", 'silo version info local/photos']],
  rb: [
    ['Remove an empty bucket', 'silo rb local/scratch'],
    ['Remove a bucket with everything in it', 'silo rb --force local/scratch'],
  ],
  cp: [
    ['Upload a file into a folder of a bucket', 'silo cp cat.jpg local/photos/2026/'],
    ['Upload a folder (as local/photos/2026/...)', 'silo cp --recursive ./2026 local/photos/'],
    ['Download an object', 'silo cp local/photos/2026/cat.jpg ./cat.jpg'],
    [
      'Copy between buckets (server-side on one alias)',
      'silo cp local/photos/2026/cat.jpg local/backup/cat.jpg',
    ],
  ],
  mirror: [
    ['Make a prefix hold what a local folder holds', 'silo mirror ./site local/www/site'],
    ['Also remove what the folder no longer has', 'silo mirror --remove ./site local/www/site'],
    ['See what would change, changing nothing', 'silo mirror --dry-run --remove ./site local/www/site'],
    ['Download a prefix into a local folder', 'silo mirror local/www/site ./site-copy'],
  ],
  cat: [
    ['Print an object', 'silo cat local/docs/readme.txt'],
    ['Print several objects one after another', 'silo cat local/logs/a.log local/logs/b.log'],
  ],
  rm: [
    ['Remove an object', 'silo rm local/photos/2026/cat.jpg'],
    ['Remove everything under a prefix', 'silo rm --recursive --force local/photos/2025/'],
    ['Remove the incomplete uploads of an object', 'silo rm --incomplete local/videos/big.mp4'],
    [
      'Remove one version of an object for good',
      'silo rm --version-id 0b8e3c6f-1b0c-4f4e-9e0e-3f1b9c1a7d2e local/photos/a.jpg',
    ],
    [
      'Remove every version of everything under a prefix',
      'silo rm --versions --recursive --force local/photos/2019/',
    ],
  ],
  stat: [
    ["Show an object's size, type, ETag and metadata", 'silo stat local/photos/2026/cat.jpg'],
    ['Show when a bucket was made, as JSON', 'silo --json stat local/photos'],
  ],
  'share download': [
    ['A URL anyone can GET for 7 days', 'silo share download local/photos/2026/cat.jpg'],
    ['A URL valid for 12 hours', 'silo share download --expire 12h local/docs/report.pdf'],
  ],
  'share upload': [
    [
      'A URL to PUT one object with, valid for 1 hour',
      'silo share upload --expire 1h local/inbox/upload.bin',
    ],
  ],
  watch: [
    ['Print every event of a bucket until Ctrl-C', 'silo watch local/photos'],
    ['Only new .jpg files under 2026/', 'silo watch --events put --prefix 2026/ --suffix .jpg local/photos'],
  ],
  'event add': [
    [
      'Send new and removed objects to the webhook target',
      'silo event add local/photos arn:silo:sqs::1:webhook',
    ],
    [
      'Send only new .jpg files to the redis target too',
      'silo event add local/photos arn:silo:sqs::1:redis --event put --suffix .jpg',
    ],
  ],
  'event list': [
    ["List a bucket's rules: ARN, events, filter", 'silo event list local/photos'],
    ['Only the rules of one target', 'silo event list local/photos arn:silo:sqs::1:webhook'],
  ],
  'event remove': [
    ['Remove the rules sending to one target', 'silo event remove local/photos arn:silo:sqs::1:webhook'],
    ['Remove every rule of a bucket', 'silo event remove --force local/photos'],
  ],
  'admin service status': [["Print the server's uptime", 'silo admin service status local']],
  'admin service restart': [
    ['Restart the server (after admin config set)', 'silo admin service restart local'],
    ['Give running requests 30 seconds to finish first', 'silo admin service restart --drain 30 local'],
  ],
  'admin service stop': [
    ['Stop the server (it stays down until started again)', 'silo admin service stop local'],
  ],
  'admin info': [
    ['Print uptime, version, region, ARNs, traffic, storage and drives', 'silo admin info local'],
    ['The same as JSON', 'silo --json admin info local'],
  ],
  'admin policy add': [
    [
      'Add a canned policy from a JSON file',
      'silo admin policy add local/ readonly-photos ./readonly-photos.json',
    ],
  ],
  'admin policy remove': [['Remove a canned policy', 'silo admin policy remove local/ readonly-photos']],
  'admin policy list': [['List the canned policies', 'silo admin policy list local/']],
  'admin user add': [
    ['Add a user with a canned policy', 'silo admin user add local/ alice alice-secret-123 readwrite'],
  ],
  'admin user policy': [["Change a user's policy", 'silo admin user policy local/ alice readonly']],
  'admin user disable': [['Disable a user (the keys stop working)', 'silo admin user disable local/ alice']],
  'admin user enable': [['Enable a user again', 'silo admin user enable local/ alice']],
  'admin user remove': [['Remove a user', 'silo admin user remove local/ alice']],
  'admin user list': [
    ['List users: status, access key, policy', 'silo admin user list local/'],
    ['The same as JSON', 'silo --json admin user list local/'],
  ],
  'admin credential': [
    [
      'Set a new root credential (the alias is updated to it)',
      'silo admin credential local/ newadmin newadmin-secret-123',
    ],
  ],
  'admin config get': [
    ['Save the server configuration to a file', 'silo admin config get local > config.json'],
  ],
  'admin config set': [
    [
      'Replace the configuration, then restart to apply it',
      'silo admin config set local < config.json && silo admin service restart local',
    ],
  ],
  'admin heal': [
    ['Inspect a whole deployment, changing nothing', 'silo admin heal --recursive --dry-run local'],
    ['Heal one bucket and everything in it', 'silo admin heal --recursive local/photos'],
    ['Start a new heal even if one is running', 'silo admin heal --recursive --force-start local'],
  ],
}
