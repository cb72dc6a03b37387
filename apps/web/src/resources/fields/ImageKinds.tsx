import {
  Avatar,
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconPhoto, IconTrash, IconUpload } from "@tabler/icons-react";
import { addFiles, isFileAttribute, isStoredFile, removeItem } from "./file-draft";
import { textOf } from "./field-text";
import type { TFieldInputProps, TFieldViewProps } from "./field-kind-types";
import { acceptOf, draftValue } from "./FileKinds";
import { FileItemRow } from "./FileItemRow";
import { asText, commonInputProps } from "./TextKinds";
import { useFileObjectUrl, useLocalObjectUrl } from "./use-file-object-url";

/** The address an <img> may use: API files through an object URL (session headers), other addresses as they are. */
const useImageSrc = (value: unknown): { src: string | undefined; loading: boolean } => {
  const stored = isStoredFile(value) ? value : undefined;
  const api = useFileObjectUrl(stored?.url);
  if (stored) return { src: api.src, loading: !api.src && !api.failed };
  const address = textOf(value);
  return { src: address || undefined, loading: false };
};

export const ImageCell = ({ value, attr }: TFieldViewProps) => {
  const { src } = useImageSrc(value);
  return (
    <Avatar src={src} size={30} radius="sm" alt={attr.label}>
      <IconPhoto size={16} />
    </Avatar>
  );
};

export const ImageDisplay = ({ value, attr }: TFieldViewProps) => {
  const { src, loading } = useImageSrc(value);
  if (loading) return <Skeleton w={160} h={120} radius="md" />;
  return src ? (
    <Image src={src} alt={attr.label} w="auto" maw={240} mah={180} fit="contain" radius="md" />
  ) : null;
};

const Preview = ({ src, label }: { src: string | undefined; label: string }) =>
  src ? (
    <Image src={src} alt={`${label} preview`} w={96} h={96} fit="cover" radius="md" />
  ) : (
    <Avatar size={96} radius="md">
      <IconPhoto size={32} />
    </Avatar>
  );

/** An image with upload rules: the picked or stored image shown, replaced or removed; it goes up after the save. */
const ImageUploadInput = (props: TFieldInputProps) => {
  const { attr, name, error, required, disabled, onChange } = props;
  const draft = draftValue(props);
  const item = draft.items[0];
  const stored = useFileObjectUrl(item?.stored?.url);
  const local = useLocalObjectUrl(item?.file);
  return (
    <Input.Wrapper label={attr.label} error={error} withAsterisk={required} id={`${name}-image`}>
      <Group gap="md" mt={4} align="flex-start" wrap="nowrap">
        <Preview src={local ?? stored.src} label={attr.label} />
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          {item ? (
            <FileItemRow item={item} />
          ) : (
            <Text size="sm" c="dimmed">
              No image yet
            </Text>
          )}
          <Group gap="xs">
            <FileButton
              onChange={(file) => file && onChange(addFiles(draft, [file], false))}
              accept={acceptOf(props)}
              disabled={disabled}
            >
              {(button) => (
                <Button {...button} variant="default" size="xs" leftSection={<IconUpload size={14} />}>
                  {item ? "Replace image" : "Choose image"}
                </Button>
              )}
            </FileButton>
            {item && !item.upload ? (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                disabled={disabled}
                onClick={() => onChange(removeItem(draft, item.key))}
              >
                Remove
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
};

/** An image given by its address (avatars kept elsewhere): the address, with the picture beside it. */
const ImageAddressInput = (props: TFieldInputProps) => (
  <TextInput
    {...commonInputProps(props)}
    type="url"
    placeholder="https://…"
    leftSection={asText(props.value) ? <Avatar src={asText(props.value)} size={22} radius="xl" /> : null}
    value={asText(props.value)}
    onChange={(e) => props.onChange(e.currentTarget.value)}
  />
);

export const ImageInput = (props: TFieldInputProps) =>
  isFileAttribute(props.attr) ? <ImageUploadInput {...props} /> : <ImageAddressInput {...props} />;
