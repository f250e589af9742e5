import { SAMPLE_STORE_NBR } from '../../../shared/settings'
import { SAMPLE_STORE_GROUP } from './sample-values'

interface DemoBannerProps {
  onDismiss: () => void
  onUseSamples: () => void
}

export function DemoBanner({ onDismiss, onUseSamples }: DemoBannerProps) {
  return (
    <section className="notice notice-info demo-banner" aria-labelledby="demo-banner-heading">
      <div>
        <h2 id="demo-banner-heading">You are in Demo</h2>
        <p>
          Demo answers from a built-in simulated inventory API with sample data, so it needs no credentials and nothing leaves this
          computer. Store {SAMPLE_STORE_NBR} is filled in: paste a few GTINs, or{' '}
          <button type="button" className="link" onClick={onUseSamples}>
            use sample values
          </button>{' '}
          (six GTINs in the {SAMPLE_STORE_GROUP.stores.length} {SAMPLE_STORE_GROUP.name}, each with its own stock), and press Run lookup.
        </p>
        <p>
          To look up real inventory, add your client ID and secret under Settings at the top right, then switch the Environment to Sandbox
          or Production.
        </p>
      </div>
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </section>
  )
}
