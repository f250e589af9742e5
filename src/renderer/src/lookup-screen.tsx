import { useState } from 'react'
import type { ItemType } from '../../shared/domain/item-type'
import type { Settings } from '../../shared/settings'
import { useUpdateSettings } from './api/use-settings'
import { DemoBanner } from './entry/demo-banner'
import { LookupTargetFields } from './entry/lookup-target-fields'
import { checkStoreNumber } from './entry/store-number'

interface LookupScreenProps {
  settings: Settings
  onOpenSettings: () => void
}

export function LookupScreen({ settings }: LookupScreenProps) {
  const update = useUpdateSettings()
  const [storeText, setStoreText] = useState(settings.storeNbr === null ? '' : String(settings.storeNbr))

  const commitStore = () => {
    const check = checkStoreNumber(storeText)
    if (check.ok && check.value !== settings.storeNbr) update.mutate({ storeNbr: check.value })
  }

  return (
    <>
      {settings.environment === 'demo' && !settings.demoBannerDismissed ? (
        <DemoBanner onDismiss={() => update.mutate({ demoBannerDismissed: true })} />
      ) : null}
      <section className="panel entry-panel" aria-labelledby="entry-heading">
        <h2 id="entry-heading">What to look up</h2>
        <LookupTargetFields
          storeText={storeText}
          onStoreTextChange={setStoreText}
          onStoreCommit={commitStore}
          itemType={settings.itemType}
          onItemTypeChange={(itemType: ItemType) => update.mutate({ itemType })}
          disabled={false}
        />
      </section>
    </>
  )
}
