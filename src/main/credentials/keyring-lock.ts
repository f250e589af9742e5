import { execFile } from 'node:child_process'

/**
 * Whether the Secret Service's default collection (the login keyring, where keytar files its
 * entries) is locked. libsecret answers a read from a locked keyring with "nothing saved" when it
 * cannot show its unlock prompt, so a missing secret is double-checked here before the user is
 * told to enter it again. Asked through `gdbus` (part of GLib, present wherever libsecret is);
 * if that cannot answer, the keyring is taken as unlocked and the plain answer stands.
 */
export function isDefaultKeyringLocked(timeoutMs = 3_000): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(
      'gdbus',
      [
        'call',
        '--session',
        '--dest',
        'org.freedesktop.secrets',
        '--object-path',
        '/org/freedesktop/secrets/aliases/default',
        '--method',
        'org.freedesktop.DBus.Properties.Get',
        'org.freedesktop.Secret.Collection',
        'Locked'
      ],
      { timeout: timeoutMs, windowsHide: true },
      (error, stdout) => resolve(error === null && /<true>/.test(stdout))
    )
  })
}
