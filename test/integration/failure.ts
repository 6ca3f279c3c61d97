/**
 * The error `promise` fails with, which must be a `kind` (any other error is thrown on); a
 * promise that succeeds fails the test.
 */
export async function failureOf<E extends Error>(
  kind: abstract new (...args: never[]) => E,
  promise: Promise<unknown>
): Promise<E> {
  try {
    await promise
  } catch (error) {
    if (error instanceof kind) return error
    throw error
  }
  throw new Error('expected the call to fail')
}
