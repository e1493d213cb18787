import { describe, expect, it } from 'vitest'
import { expectS3Error } from '../contract/helpers.js'
import { type OpenDrive, useDrive } from './harness.js'

/** Bucket and server-wide documents on a drive: what the erasure set votes on and heal copies. */
export function describeDriveDocuments(open: OpenDrive): void {
  describe('documents', () => {
    const under = useDrive(open)

    it('keeps bucket documents by name, lists and removes them; NoSuchBucket without the bucket', async () => {
      const { drive } = under()
      await drive.createBucket('b', '')
      expect(await drive.getBucketDocument('b', 'policy.json')).toBeUndefined()
      await drive.putBucketDocument('b', 'policy.json', '{"Version":"2012-10-17"}')
      await drive.putBucketDocument('b', 'notification.xml', '<x/>')
      expect(await drive.getBucketDocument('b', 'policy.json')).toBe('{"Version":"2012-10-17"}')
      expect(await drive.listBucketDocuments('b')).toEqual(['notification.xml', 'policy.json'])
      await drive.putBucketDocument('b', 'policy.json', undefined)
      expect(await drive.listBucketDocuments('b')).toEqual(['notification.xml'])
      await expectS3Error(drive.getBucketDocument('nowhere', 'policy.json'), 'NoSuchBucket')
      await expectS3Error(drive.putBucketDocument('nowhere', 'policy.json', '{}'), 'NoSuchBucket')
      await expectS3Error(drive.listBucketDocuments('nowhere'), 'NoSuchBucket')
    })

    it('keeps server-wide documents by path and lists them by prefix, sorted', async () => {
      const { drive } = under()
      await drive.putSystemDocument('iam/users/bob.json', 'bob')
      await drive.putSystemDocument('config/config.json', '{}')
      await drive.putSystemDocument('iam/users/ann.json', 'ann')
      expect(await drive.getSystemDocument('config/config.json')).toBe('{}')
      expect(await drive.listSystemDocuments('iam/')).toEqual(['iam/users/ann.json', 'iam/users/bob.json'])
      expect(await drive.listSystemDocuments('')).toHaveLength(3)
      await drive.putSystemDocument('iam/users/bob.json', undefined)
      expect(await drive.getSystemDocument('iam/users/bob.json')).toBeUndefined()
      expect(await drive.listSystemDocuments('iam/')).toEqual(['iam/users/ann.json'])
    })
  })
}
