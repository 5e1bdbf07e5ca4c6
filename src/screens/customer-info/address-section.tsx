import type { KeyboardEvent } from 'react';
import { POSTCODE_MAX_LENGTH } from '#domain/customer.ts';
import { messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { TextInput } from '#src/ui/text-input.tsx';
import type { CustomerInfoViewProps } from './customer-info-view.tsx';
import { CustomerTextField, type TextFieldProps } from './customer-text-field.tsx';
import styles from './customer-info.module.css';

type AddressFinderProps = Pick<CustomerInfoViewProps, 'addressSearch' | 'onAddressPostcode' | 'onAddressSearch' | 'onAddressChosen'>;

/** The billing (or, for sell-back, the shopper's) address: the postcode search and the address boxes. */
export function AddressSection({
  bindAddress,
  addressLegend,
  showCardAddressNotice,
  ...props
}: TextFieldProps & AddressFinderProps & Pick<CustomerInfoViewProps, 'bindAddress' | 'addressLegend' | 'showCardAddressNotice'>) {
  return (
    <fieldset className={styles.section} ref={bindAddress}>
      <legend className={styles.legend}>{addressLegend}</legend>
      {showCardAddressNotice ? (
        <Notice tone="info" live={false}>
          {messages.cardMustMatchDeliveryAddress}
        </Notice>
      ) : null}
      <AddressFinder {...props} />
      <div className={`${styles.pair} ${styles.houseAndStreet}`}>
        <CustomerTextField {...props} field="houseNameNumber" label={messages.houseNameNumberLabel} autoComplete="address-line1" />
        <CustomerTextField {...props} field="addressLine1" label={messages.addressLine1Label} autoComplete="address-line2" />
      </div>
      <CustomerTextField {...props} field="addressLine2" label={messages.addressLine2Label} autoComplete="address-line3" optional />
      <div className={styles.pair}>
        <CustomerTextField {...props} field="townCity" label={messages.townCityLabel} autoComplete="address-level2" />
        <CustomerTextField {...props} field="postcodeZip" label={messages.postcodeLabel} autoComplete="postal-code" />
      </div>
    </fieldset>
  );
}

function AddressFinder({ addressSearch, onAddressPostcode, onAddressSearch, onAddressChosen }: AddressFinderProps) {
  const searching = addressSearch.status === 'searching';
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter here searches; it must not submit the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!searching && addressSearch.postcode.trim() !== '') onAddressSearch();
    }
  };
  return (
    <div className={styles.finder}>
      <div className={styles.finderRow}>
        <TextInput
          id="customer-address-search"
          label={messages.addressSearchLabel}
          autoComplete="off"
          maxLength={POSTCODE_MAX_LENGTH}
          value={addressSearch.postcode}
          onChange={(event) => onAddressPostcode(event.target.value)}
          onKeyDown={onKeyDown}
          fieldClassName={styles.finderField}
        />
        <Button
          variant="secondary"
          onClick={onAddressSearch}
          disabled={addressSearch.postcode.trim() === ''}
          loading={searching}
          loadingLabel={messages.addressSearching}
          className={styles.finderButton}
        >
          {messages.addressSearchButton}
        </Button>
      </div>
      {addressSearch.status === 'results' ? (
        <div className={styles.results}>
          <label htmlFor="customer-address-results" className={styles.fieldLegend}>
            {messages.addressResultsLabel}
          </label>
          <select
            id="customer-address-results"
            className={styles.select}
            defaultValue=""
            onChange={(event) => {
              const chosen = addressSearch.results[Number(event.target.value)];
              if (chosen) onAddressChosen(chosen);
            }}
          >
            <option value="" disabled>
              {messages.addressResultsLabel}
            </option>
            {addressSearch.results.map((address, index) => (
              <option key={index} value={index}>
                {[address.houseNameNumber, address.addressLine1, address.addressLine2, address.townCity, address.postcodeZip].filter(Boolean).join(', ')}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {addressSearch.status === 'empty' || addressSearch.status === 'failed' ? (
        <Notice tone="warning">{messages.addressNoResults}</Notice>
      ) : null}
      {addressSearch.status === 'outsideGreatBritain' ? <Notice tone="warning">{messages.addressSearchGreatBritainOnly}</Notice> : null}
    </div>
  );
}
